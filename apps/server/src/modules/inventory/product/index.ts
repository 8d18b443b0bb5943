// What other domains may use of inventory/product.
export * from './product.tables.js';
export { DEMO_PRODUCT_STANDARDS, DEMO_PRODUCT_UNITS, seedInvProducts } from './product.demo.js';
export { findSkusForLines, type SkuForLine, type SkuLineUnit } from './sku.service.js';
