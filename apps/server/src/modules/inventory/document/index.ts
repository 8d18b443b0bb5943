// What other domains may use of inventory/document.
export { seedInventoryDocuments } from './document.demo.js';
export { registerInventoryDocumentRoutes } from './document.routes.js';
export * from './document.tables.js';
