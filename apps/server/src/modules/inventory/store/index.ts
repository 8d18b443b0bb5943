// What other domains may use of inventory/store.
export { findWarehouse, listWarehouses, type WarehouseRow, warehouseNames } from './store.repository.js';
export * from './store.tables.js';
export { seedInvWarehouses } from './store.demo.js';
