// What other domains may use of inventory/option.
export { DEFAULT_OPTIONS, getInventoryOptions, type OptionValues } from './option.repository.js';
export * from './option.tables.js';
export { seedInvOptions } from './option.demo.js';
