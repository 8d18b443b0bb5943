// What other domains may use of inventory/shop.
export * from './shop.tables.js';
export { seedInvShops } from './shop.demo.js';
