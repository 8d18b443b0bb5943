// The stock ledger (ADR 0014): every book posts through postLedger; reports read the tables.
export { dropEmptyBalances, postLedger } from './ledger.repository.js';
export { stockBalances, stockLedger, stockRollup } from './ledger.tables.js';
export {
  type BalanceAfter,
  balanceKey,
  COST_SCALE,
  type LedgerBook,
  type LedgerLocation,
  type LedgerPosting,
  type PostOptions,
  type PostResult,
  QTY_SCALE,
  type Shortage,
  VALUE_SCALE,
} from './ledger.types.js';
