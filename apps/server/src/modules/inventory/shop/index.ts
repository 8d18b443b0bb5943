// What other domains may use of inventory/shop.
export * from './shop.tables.js';
