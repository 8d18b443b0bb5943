// The public surface of device-family: what other domains may use (ADR 0009).
export { FamilyErrors } from './device-family.errors.js';
export type { DeviceRow } from './device-family.repository.js';
export { hiddenCollectionKeys } from './gateway-ops.repository.js';
export { codesOf, hasCommand, loadDevice } from './device-family.access.js';
export type { Op } from './device-family.access.js';
export { DeviceFamilyService, command } from './device-family.service.js';
