// The simulator library (see simulator.ts); the server imports it for the in-process demo fleet and
// the demo history backfill.

export { ArmCamera, type ArmPose, renderArmPhoto } from './arm-camera.js';
export type { DeviceStats, SimDeviceSpec } from './device-client.js';
export { DeviceClient } from './device-client.js';
export { checkCommand, type DeviceModel, finalizeValues } from './model.js';
export { createModel, SIMULATED_TYPE_KEYS } from './models.js';
export { PHOTO_TYPE_KEYS, placeInsects, renderTrapPhoto, TrapCamera } from './photos.js';
export { DEFAULT_SEED, type Simulator, type SimulatorOptions, startSimulator } from './simulator.js';
export { Site, Sites } from './site.js';
export { replayHistory, WARMED_TYPE_KEYS, WARMUP_DAYS, warmUp, warmupStart } from './warmup.js';
