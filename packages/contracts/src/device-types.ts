import { CONTROL_DEVICE_TYPES } from './device-types.control.js';
import type { DeviceTypeDef, MetricDef, MetricState } from './device-types.def.js';
import { MACHINE_DEVICE_TYPES } from './device-types.machines.js';
import { SENSOR_DEVICE_TYPES } from './device-types.sensors.js';

// The device type registry: spec 02 §2 (key, icon, name, permission codes, route) and the equipment
// pages of spec 01 §2.3 that are device types, plus what the IoT platform needs per type: telemetry
// metrics, accepted commands and the silence timeout. The key is the {deviceType} segment of the MQTT
// topics (device-topics.ts), so it never changes once devices are in the field.
//
// Not device types: videosurveillance (a camera wall), pest/draw and canvas-drawSign (pest image
// drawing), farmmachinery-gps/-status/-alarm/-monitoring (views of farm-machine), intelligentControl/*
// (automation rules and groups) and warning-staff / warning-manage (alarm settings).

export {
  COMMAND_ACTION_PATTERN,
  type CommandDef,
  type CommandParamDef,
  type CommandParamType,
  DEVICE_FAMILIES,
  DEVICE_TYPE_KEY_PATTERN,
  type DeviceFamily,
  type DevicePermissionCodes,
  type DeviceTypeDef,
  METRIC_KEY_PATTERN,
  type MetricDef,
  type MetricState,
  type MetricTone,
} from './device-types.def.js';

export const DEVICE_TYPES: readonly DeviceTypeDef[] = [
  ...SENSOR_DEVICE_TYPES,
  ...CONTROL_DEVICE_TYPES,
  ...MACHINE_DEVICE_TYPES,
];

export const DEVICE_TYPE_KEYS: readonly string[] = DEVICE_TYPES.map((t) => t.key);

const BY_KEY: ReadonlyMap<string, DeviceTypeDef> = new Map(DEVICE_TYPES.map((t) => [t.key, t]));
const BY_LEGACY_KEY: ReadonlyMap<string, DeviceTypeDef> = new Map(
  DEVICE_TYPES.flatMap((t) => t.legacyKeys.map((k) => [k, t] as const)),
);
const METRICS: ReadonlyMap<string, ReadonlyMap<string, MetricDef>> = new Map(
  DEVICE_TYPES.map((t) => [t.key, new Map(t.metrics.map((m) => [m.key, m]))]),
);

export function deviceTypeByKey(key: string): DeviceTypeDef | undefined {
  return BY_KEY.get(key);
}

/** The type a spec 02 §3 deviceType key (e.g. gateway_weather, 4GLora_node) stands for. */
export function deviceTypeByLegacyKey(legacyKey: string): DeviceTypeDef | undefined {
  return BY_LEGACY_KEY.get(legacyKey);
}

/** Spec 02 §2 lists the LoRaWAN node page as /web/equipment/lora; it is the lorawan-node page. */
const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/web/equipment/lora': '/web/equipment/lorawan-node',
};

export function deviceTypeByRoute(route: string): DeviceTypeDef | undefined {
  const r = ROUTE_ALIASES[route] ?? route;
  return DEVICE_TYPES.find((t) => t.route === r);
}

export function metricOf(typeKey: string, metricKey: string): MetricDef | undefined {
  return METRICS.get(typeKey)?.get(metricKey);
}

/**
 * A spreadsheet cell of a reading: an enumerated metric's state in words ('Open', '故障'), any other
 * value as the number it is (so sums and charts in Excel keep working); null when there is none.
 */
export function metricCell(
  metric: MetricDef | undefined,
  value: number | null | undefined,
  lang: keyof MetricState['name'],
): string | number | null {
  if (value === null || value === undefined) return null;
  const state = metric ? metricState(metric, value) : undefined;
  return state ? state.name[lang] : value;
}

/** The state an enumerated metric's value stands for; undefined for numeric metrics and unknown codes. */
export function metricState(metric: MetricDef, value: number): MetricState | undefined {
  return metric.states?.find((s) => s.value === value);
}
