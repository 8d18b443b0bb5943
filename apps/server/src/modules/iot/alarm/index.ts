// The public surface of alarm: what other domains may use (ADR 0009).
export { devicesOfTypes, enabledTenantIds } from './alarm.repository.js';
export { demoAdminCtx, seedAlarms } from './alarm.demo.js';
