// The public surface of telemetry: what other domains may use (ADR 0009).
export { telemetry, telemetryDaily, telemetryHourly } from './telemetry.tables.js';
export { insertTelemetry } from './telemetry.repository.js';
// The demo backfill's rollups (modules/demo writes telemetry tables through here).
export { rebuildDailyRollups, rollupHourlyFromRaw } from './telemetry-backfill.repository.js';
