import type { DeviceModel, ModelEnv } from './model.js';
import {
  acquisitionControl,
  aerator,
  gateway,
  injectFertilizer,
  inverter,
  lora4g,
  lorawanGateway,
  pestLamp,
  waterFertilizer,
} from './models.control.js';
import {
  electricValve,
  farmMachine,
  ledScreen,
  networkPower,
  roboticArm,
  seeder,
  sluiceGate,
} from './models.field.js';
import {
  flowMeter,
  forecastLamp,
  lorawanNode,
  pestStation,
  soilMoisture,
  sporeMeter,
  tubularSoil,
  waterQuality,
  weatherStation,
} from './models.sensors.js';

// One model per device type of the registry. Cameras are not MQTT devices (video goes through provider
// adapters), so the simulator has none.

const MODELS: Readonly<Record<string, (env: ModelEnv) => DeviceModel>> = {
  'pest-station': pestStation,
  'forecast-lamp': forecastLamp,
  'spore-meter': sporeMeter,
  'weather-station': weatherStation,
  'tubular-soil': tubularSoil,
  'soil-moisture': soilMoisture,
  'water-quality': waterQuality,
  'lorawan-node': lorawanNode,
  'flow-meter': flowMeter,
  'pest-lamp': pestLamp,
  inverter,
  'water-fertilizer': waterFertilizer,
  'inject-fertilizer': injectFertilizer,
  gateway,
  'lora-4g': lora4g,
  'lorawan-gateway': lorawanGateway,
  'acquisition-control': acquisitionControl,
  aerator,
  'electric-valve': electricValve,
  'sluice-gate': sluiceGate,
  'network-power': networkPower,
  'led-screen': ledScreen,
  'robotic-arm': roboticArm,
  seeder,
  'farm-machine': farmMachine,
};

export const SIMULATED_TYPE_KEYS: readonly string[] = Object.keys(MODELS);

/** The model of a type, or undefined for types the simulator does not play (cameras, unknown keys). */
export const createModel = (typeKey: string, env: ModelEnv): DeviceModel | undefined =>
  MODELS[typeKey]?.(env);
