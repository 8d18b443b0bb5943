// What other domains may use of inventory/business.
export * from './business.tables.js';
export { type BusinessRow, findBusiness } from './business.repository.js';
export { seedInvBusinesses } from './business.demo.js';
