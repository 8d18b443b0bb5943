// Every Drizzle table of the server, for drizzle-kit and the typed database handle.
export * from '../../modules/access/access.tables.js';
export * from '../../modules/area/area.tables.js';
export * from '../../modules/batch/batch.tables.js';
export * from '../../modules/crop/crop.tables.js';
export * from '../../modules/file/file.tables.js';
export * from '../../modules/identity/identity.tables.js';
export * from '../../modules/land/land.tables.js';
export * from '../../modules/notice/notice.tables.js';
export * from '../../modules/seed/seed.tables.js';
export * from '../../modules/tenant/tenant.tables.js';
export * from './platform.tables.js';
