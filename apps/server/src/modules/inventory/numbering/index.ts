// What other domains may use of inventory/numbering (base/bill).
export { formatNumber, periodOf } from './numbering.format.js';
export { DEFAULT_BILL_PREFIX, defaultBillRule, nextDocCode } from './numbering.next.js';
export { findBillRule, takeNumber } from './numbering.repository.js';
export * from './numbering.tables.js';
export { seedInvBillRules } from './numbering.demo.js';
