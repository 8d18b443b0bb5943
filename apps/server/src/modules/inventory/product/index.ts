// What other domains may use of inventory/product.
export * from './product.tables.js';
export { seedInvProducts } from './product.demo.js';
export { findSkusForLines, type SkuForLine } from './sku.service.js';
