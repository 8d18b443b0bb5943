// Every Drizzle table of the server, for drizzle-kit and the database handle (openDatabase's schema).
// Platform names no module: app/server.ts gives platform's Db type these tables (AppSchema).

export * from '../modules/farm/activity/activity.tables.js';
export * from '../modules/farm/agricultural/agricultural.tables.js';
export * from '../modules/farm/batch/batch.tables.js';
export * from '../modules/farm/crop/crop.tables.js';
export * from '../modules/farm/farm-log/farm-log.tables.js';
export * from '../modules/farm/land/land.tables.js';
export * from '../modules/farm/market/market.tables.js';
export * from '../modules/farm/plan/plan.tables.js';
export * from '../modules/farm/seed/seed.tables.js';
export * from '../modules/farm/task/task.tables.js';
export * from '../modules/farm/worker/worker.tables.js';
export * from '../modules/identity/access/access.tables.js';
export * from '../modules/identity/application/application.tables.js';
export * from '../modules/identity/audit/audit.tables.js';
export * from '../modules/identity/identity/identity.tables.js';
export * from '../modules/identity/organization/organization.tables.js';
export * from '../modules/identity/tenant/tenant.tables.js';
export * from '../modules/iot/alarm/alarm.tables.js';
export * from '../modules/iot/automation/automation.tables.js';
export * from '../modules/iot/control/control.tables.js';
export * from '../modules/iot/device/device.tables.js';
export * from '../modules/iot/device-family/device-family.tables.js';
export * from '../modules/iot/insect/insect.tables.js';
export * from '../modules/iot/sim/sim.tables.js';
export * from '../modules/iot/telemetry/telemetry.tables.js';
export * from '../modules/messaging/file/file.tables.js';
export * from '../modules/messaging/notice/notice.tables.js';
export * from '../modules/messaging/push/push.tables.js';
export * from '../modules/workflow/approval/workflow.tables.js';
export * from '../platform/db/platform.tables.js';
