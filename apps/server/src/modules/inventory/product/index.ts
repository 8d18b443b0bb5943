// What other domains may use of inventory/product.
export * from './product.tables.js';
