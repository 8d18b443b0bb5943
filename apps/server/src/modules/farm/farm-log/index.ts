// The public surface of farm-log: what other domains may use (ADR 0009).
export { farmLogs } from './farm-log.tables.js';
export { toFarmLog } from './farm-log.service.js';
export { type DemoRainDay, RAIN_LOG_MM, seedFarmLogs, seedRainLogs } from './farm-log.demo.js';
export { farmLogsOfPlots, type SeasonLog } from './farm-log-season.repository.js';
export { FarmLogService } from './farm-log.service.js';
