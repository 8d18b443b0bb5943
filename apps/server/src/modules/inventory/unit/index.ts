// What other domains may use of inventory/unit.
export * from './unit.tables.js';
