// The public surface of device-family: what other domains may use (ADR 0009).
export { deviceSettings } from './device-family.tables.js';
export { FamilyErrors } from './device-family.errors.js';
// Settings go with their device (device deletion) and are seeded by the demo fleet.
export { deleteSettingsOfDevices, insertSeedSettings } from './device-family.repository.js';
export { hiddenCollectionKeys } from './gateway-ops.repository.js';
export { codesOf, hasCommand, loadDevice } from './device-family.access.js';
export type { Op } from './device-family.access.js';
export { DeviceFamilyService, command } from './device-family.service.js';
