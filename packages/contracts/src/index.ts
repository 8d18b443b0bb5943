export * from './common.types.js';
export * from './identity.types.js';
export * from './access.types.js';
export * from './notice.types.js';
export * from './file.types.js';
export * from './tenant.types.js';
export * from './area.types.js';
export * from './menu.types.js';
