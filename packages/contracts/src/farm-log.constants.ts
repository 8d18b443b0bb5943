// Farm log limits, levels and sources without the schemas (no zod): what the farm home's latest-logs card
// imports, so it does not load zod for a constant. farm-log.types.ts re-exports all of it.

export const FARM_LOG_TITLE_MAX = 60;
export const FARM_LOG_DESCRIPTION_MAX = 2000;
export const FARM_LOG_PICTURES_MAX = 9;
/** Spec 03 §9: daily, warning, emergency (a camera's info / warn / error). */
export const FARM_LOG_LEVELS = ['daily', 'warning', 'emergency'] as const;
/** manual: typed in the console; camera / device: the device's id in sourceId; task: the task's id. */
export const FARM_LOG_SOURCES = ['manual', 'camera', 'task', 'device'] as const;

export type FarmLogLevel = (typeof FARM_LOG_LEVELS)[number];
export type FarmLogSource = (typeof FARM_LOG_SOURCES)[number];
