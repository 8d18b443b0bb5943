import type { LocalizedName } from './permissions.def.js';
import type { PermissionCode } from './permissions.js';

// Building blocks of the device type registry (device-types.ts). Kept apart so the registry parts
// (device-types.sensors.ts, device-types.control.ts) can use them without an import cycle.

/** sensor: reports only; actuator: switched or set; gateway: relays nodes; machine: moves or works. */
export const DEVICE_FAMILIES = ['sensor', 'actuator', 'gateway', 'camera', 'machine'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/** Type keys are MQTT topic segments (ARCHITECTURE §6): lowercase letters, digits and hyphens. */
export const DEVICE_TYPE_KEY_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;
/** Metric keys are JSON keys of telemetry `values`: camelCase ASCII, at most 32 characters. */
export const METRIC_KEY_PATTERN = /^[a-z][A-Za-z0-9]{0,31}$/;
/** Command actions, as sent in `{cmdId, action, params}`. */
export const COMMAND_ACTION_PATTERN = /^[a-z][A-Za-z0-9]{0,39}$/;

/** How a state reads on screen: the Ant Design status colours, so every screen colours it alike. */
export type MetricTone = 'default' | 'success' | 'warning' | 'error' | 'processing';

/** One value of an enumerated metric (a flag or a small code) and the words it reads as. */
export interface MetricState {
  value: number;
  name: LocalizedName;
  tone: MetricTone;
}

/** One value a device's telemetry carries. Values outside [min, max] are implausible and dropped. */
export interface MetricDef {
  key: string;
  /** '' for counts, flags and pH. */
  unit: string;
  name: LocalizedName;
  min: number;
  max: number;
  /** Values are rounded to this many decimals when stored. */
  decimals: number;
  /** Enumerated metrics only: every integer of [min, max] in words, shown instead of the number. */
  states?: readonly MetricState[];
}

export type CommandParamType = 'number' | 'integer' | 'boolean' | 'string';

/** One parameter of a command; params are flat JSON scalars so any firmware can parse them. */
export interface CommandParamDef {
  key: string;
  type: CommandParamType;
  required: boolean;
  min?: number;
  max?: number;
  /** For integer codes (switch states, PTZ directions): the allowed values. */
  values?: readonly number[];
  description: string;
}

export interface CommandDef {
  action: string;
  name: LocalizedName;
  params: readonly CommandParamDef[];
  /** Rules across params the server checks beyond each param's own range. */
  rule?: string;
}

export interface DevicePermissionCodes {
  view: PermissionCode;
  create: PermissionCode;
  edit: PermissionCode;
  delete: PermissionCode;
  /** Sending commands (switching, setting, capturing). */
  control: PermissionCode;
}

export interface DeviceTypeDef {
  key: string;
  /** The console page of this type (spec 01 §2.3, spec 02 §2). */
  route: `/web/equipment/${string}`;
  /** An @ant-design/icons component name. */
  icon: string;
  name: LocalizedName;
  family: DeviceFamily;
  /** The deviceType keys of spec 02 §3 this type stands for (imports, vendor payloads). */
  legacyKeys: readonly string[];
  permissions: DevicePermissionCodes;
  metrics: readonly MetricDef[];
  commands: readonly CommandDef[];
  /** Offline after this long without any message (telemetry, status or ack). */
  silenceTimeoutSec: number;
}

/**
 * Silence timeouts. Spec 02 §5: upload period at least 5 minutes, 30 recommended; a sensor is offline
 * after three missed recommended periods. Powered actuators and gateways heartbeat every 5 minutes.
 */
export const SILENCE_SENSOR_SEC = 3 * 30 * 60;
export const SILENCE_POWERED_SEC = 3 * 5 * 60;
export const SILENCE_CAMERA_SEC = 5 * 60;
export const SILENCE_MOVING_SEC = 10 * 60;

export const metric = (
  key: string,
  unit: string,
  zh: string,
  en: string,
  min: number,
  max: number,
  decimals: number,
): MetricDef => ({ key, unit, name: { 'zh-CN': zh, 'en-US': en }, min, max, decimals });

const state = (value: number, zh: string, en: string, tone: MetricTone): MetricState => ({
  value,
  name: { 'zh-CN': zh, 'en-US': en },
  tone,
});

// The state sets 0/1 flags use; a flag's own name says what is on, the states say how it reads.
export const ON_OFF: readonly MetricState[] = [
  state(0, '关', 'Off', 'default'),
  state(1, '开', 'On', 'success'),
];
export const OPEN_CLOSED: readonly MetricState[] = [
  state(0, '关闭', 'Closed', 'default'),
  state(1, '打开', 'Open', 'success'),
];
export const NORMAL_FAULT: readonly MetricState[] = [
  state(0, '正常', 'Normal', 'success'),
  state(1, '故障', 'Fault', 'error'),
];
export const RUN_STOP: readonly MetricState[] = [
  state(0, '停止', 'Stopped', 'default'),
  state(1, '运行', 'Running', 'processing'),
];
export const RAIN_DRY: readonly MetricState[] = [
  state(0, '无雨', 'No rain', 'default'),
  state(1, '降雨', 'Raining', 'processing'),
];
export const ENABLED_DISABLED: readonly MetricState[] = [
  state(0, '禁用', 'Disabled', 'default'),
  state(1, '启用', 'Enabled', 'success'),
];

/** A 0/1 metric with its states (valve open, pump on, fault…). */
export const flag = (key: string, zh: string, en: string, states: readonly MetricState[]): MetricDef => ({
  ...metric(key, '', zh, en, 0, 1, 0),
  states,
});

export const param = (
  key: string,
  type: CommandParamType,
  description: string,
  extra: Partial<Pick<CommandParamDef, 'min' | 'max' | 'values' | 'required'>> = {},
): CommandParamDef => ({ key, type, required: true, description, ...extra });

export const command = (
  action: string,
  zh: string,
  en: string,
  params: readonly CommandParamDef[] = [],
  rule?: string,
): CommandDef => ({ action, name: { 'zh-CN': zh, 'en-US': en }, params, ...(rule ? { rule } : {}) });

/** Equipment codes follow wfpf.farm.equipment.<page>[.ps.<action>] (permissions.equipment.ts). */
export const codes = (
  view: PermissionCode,
  create: PermissionCode,
  edit: PermissionCode,
  del: PermissionCode,
  control: PermissionCode,
): DevicePermissionCodes => ({ view, create, edit, delete: del, control });

type CrudPage<K extends string> = `wfpf.farm.equipment.${K}` extends PermissionCode
  ? `wfpf.farm.equipment.${K}.ps.${'create' | 'edit' | 'delete' | 'control'}` extends PermissionCode
    ? K
    : never
  : never;

/** The view + create/edit/delete scheme most device pages use (permissions.ts DEVICE_PERMISSIONS). */
export function crudCodes<const K extends string>(page: K & CrudPage<K>): DevicePermissionCodes {
  // CrudPage has checked every code exists, so the casts only restate it.
  const base = `wfpf.farm.equipment.${page}`;
  return codes(
    base as PermissionCode,
    `${base}.ps.create` as PermissionCode,
    `${base}.ps.edit` as PermissionCode,
    `${base}.ps.delete` as PermissionCode,
    `${base}.ps.control` as PermissionCode,
  );
}

// Metrics several types share.
export const airTemp = metric('airTemp', '°C', '空气温度', 'Air temperature', -40, 70, 1);
export const airHumidity = metric('airHumidity', '%', '空气湿度', 'Air humidity', 0, 100, 1);
export const battery = metric('battery', '%', '电量', 'Battery', 0, 100, 0);
export const rssi = metric('rssi', 'dBm', '信号强度', 'Signal strength', -140, 0, 0);
export const supplyVoltage = metric('supplyVoltage', 'V', '供电电压', 'Supply voltage', 0, 400, 1);
export const insectCount = metric('insectCount', '', '虫子数量', 'Insect count', 0, 100_000, 0);
export const lampOn = flag('lampOn', '灯状态', 'Lamp on', ON_OFF);
export const rainFlag = flag('rainFlag', '雨控', 'Raining', RAIN_DRY);

/**
 * Per-layer soil values (spec 02 §2 'soil layer cards', §9 units): layer 0 is the surface, 1…n the
 * depths. Conductivity in S/m as the soil chart shows it.
 */
export const soilLayers = (from: number, to: number): MetricDef[] => {
  const out: MetricDef[] = [];
  for (let i = from; i <= to; i++) {
    const zh = i === 0 ? '表层' : `第${i}层`;
    const en = i === 0 ? 'Surface' : `Layer ${i}`;
    out.push(
      metric(`moisture${i}`, '%', `${zh}土壤湿度`, `${en} soil moisture`, 0, 100, 1),
      metric(`soilTemp${i}`, '°C', `${zh}土壤温度`, `${en} soil temperature`, -30, 70, 1),
      metric(`ec${i}`, 'S/m', `${zh}电导率`, `${en} conductivity`, 0, 2, 3),
    );
  }
  return out;
};

/** Spec 02 §4: regular switch 1 open / 0 close; motorised 1 forward / 0 stop / 2 reverse; curtain too. */
export const switchCommand = command(
  'switch',
  '开关控制',
  'Switch',
  [
    param('switchId', 'integer', 'Switch id as registered on the gateway', { min: 1 }),
    param('circuit', 'integer', 'Circuit (relay channel) on the node', { min: 0, max: 255 }),
    param('sw', 'integer', '1 open/forward/unfold, 0 close/stop, 2 reverse/retract', { values: [0, 1, 2] }),
  ],
  'sw 2 only for motorised and curtain switches',
);

/** Spec 02 §5: upload period at least 5 minutes (30 recommended). */
export const uploadPeriodCommand = command('configure', '参数配置', 'Configure', [
  param('uploadPeriodMin', 'integer', 'Telemetry period in minutes', { min: 5, max: 1440 }),
]);

export const onOffCommands = [
  command('turnOn', '开启', 'Turn on'),
  command('turnOff', '关闭', 'Turn off'),
] as const;

export const captureCommand = command('capture', '拍照', 'Take a photo');

/** Run and fault flags of switched and moving devices. */
export const running = flag('running', '运行状态', 'Running', RUN_STOP);
export const fault = flag('fault', '故障', 'Fault', NORMAL_FAULT);
