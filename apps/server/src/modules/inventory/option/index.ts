// What other domains may use of inventory/option.
export * from './option.tables.js';
