// What other domains may use of inventory/standard.
export * from './standard.tables.js';
export { seedInvStandards } from './standard.demo.js';
