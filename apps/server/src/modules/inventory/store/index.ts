// What other domains may use of inventory/store.
export * from './store.tables.js';
