import { toUnits } from '../../../platform/decimal.js';

export { fromUnits, num, numText, plain, toUnits } from '../../../platform/decimal.js';

/** quantity (3 decimals) × price (2 decimals), rounded half up to cents, as units of 0.01. */
export const amountCents = (quantity: string, price: string): bigint => {
  const p = toUnits(quantity, 3) * toUnits(price, 2); // scale 5
  const neg = p < 0n;
  const a = neg ? -p : p;
  const cents = (a + 500n) / 1000n;
  return neg ? -cents : cents;
};
