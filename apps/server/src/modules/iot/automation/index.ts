// The public surface of automation: what other domains may use (ADR 0009).
export { deviceGroupMembers } from './automation.tables.js';
// Device deletion drops memberships through this, in its transaction.
export { removeDevicesFromGroups } from './group.repository.js';
export { seedAutomation } from './automation.demo.js';
