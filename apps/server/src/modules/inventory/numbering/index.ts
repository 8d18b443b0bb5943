// What other domains may use of inventory/numbering (base/bill).
export { formatNumber, periodOf } from './numbering.format.js';
export { nextDocCode } from './numbering.next.js';
export { findBillRule, takeNumber } from './numbering.repository.js';
export * from './numbering.tables.js';
