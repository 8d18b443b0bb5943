// The public surface of device: what other domains may use (ADR 0009).
export { deviceChannels, deviceSettings, deviceStatusLog, devices, simCards } from './device.tables.js';
export { DeviceErrors } from './device.errors.js';
export { readRawRows, readSeries } from './device-series.repository.js';
export { listStatusLog } from './device-status.repository.js';
export { countByIccid, devicesWithIccid, updateDevice } from './device.repository.js';
export { DeviceDataService, historyRange, toCurve } from './device-data.service.js';
export { addTypedRegistryRoutes } from './device-family-crud.routes.js';
export { AERATOR_TYPES, familyCrudService } from './device-family-paths.routes.js';
export { chinaTimeText, parseHistoryTime } from './device-time.js';
