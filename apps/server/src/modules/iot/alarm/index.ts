// The public surface of alarm: what other domains may use (ADR 0009).
export { enabledTenantIds } from './alarm.repository.js';
export { seedAlarms } from './alarm.demo.js';
