// What other domains may use of inventory/document.
export * from './document.tables.js';
