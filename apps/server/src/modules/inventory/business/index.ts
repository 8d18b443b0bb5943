// What other domains may use of inventory/business.
export * from './business.tables.js';
