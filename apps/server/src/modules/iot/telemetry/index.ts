// The public surface of telemetry: what other domains may use (ADR 0009).
export { telemetry, telemetryDaily, telemetryHourly } from './telemetry.tables.js';
export { insertTelemetry } from './telemetry.repository.js';
