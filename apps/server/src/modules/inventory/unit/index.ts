// What other domains may use of inventory/unit.
export { findUnit, type UnitRow } from './unit.repository.js';
export * from './unit.tables.js';
export { seedInvUnits } from './unit.demo.js';
