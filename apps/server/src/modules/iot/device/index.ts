// The public surface of device: what other domains may use (ADR 0009).
// Tables for read joins (other domains never write them).
export { deviceStatusLog, devices } from './device.tables.js';
export { DeviceErrors } from './device.errors.js';
// The one device lookup of iot (and its by-ids / by-serial forms); each caller keeps its own not-found error.
export type { DeviceRow, DeviceView } from './device.repository.js';
export {
  countByIccid,
  devicesOfTypes,
  devicesWithIccid,
  dropLatest,
  findDevice,
  findDeviceByEui,
  findDevicesByIds,
  updateDevice,
  updateDeviceConfig,
} from './device.repository.js';
export { readRawRows, readSeries } from './device-series.repository.js';
export { listStatusLog } from './device-status.repository.js';
export { DeviceDataService, historyRange, toCurve } from './device-data.service.js';
export { parseHistoryTime } from './device-time.js';
// Registry paths other domains build on (the aerator's regulator paths).
export { addTypedRegistryRoutes } from './device-family-crud.http.js';
export { AERATOR_TYPES, familyCrudService } from './device-family-paths.js';
// Demo fleet rows (modules/demo writes devices through here).
export type { DemoDeviceInsert } from './device-seed.repository.js';
export {
  insertDemoDevices,
  listSimulatedDevices,
  replaceSecrets,
  setDemoLatest,
} from './device-seed.repository.js';
