// Exact decimal arithmetic on the numeric columns' text ('12.500'), as bigint in fixed units, so money and
// quantities never pick up float error.

/** '12.5' → 12500n at scale 3 (thousandths); negative and missing fractions allowed. */
export const toUnits = (s: string, scale: number): bigint => {
  const neg = s.trim().startsWith('-');
  const [i = '0', f = ''] = s.trim().replace('-', '').split('.');
  const v = BigInt(i || '0') * 10n ** BigInt(scale) + BigInt((f + '0'.repeat(scale)).slice(0, scale) || '0');
  return neg ? -v : v;
};

/** 12500n at scale 3 → '12.500'. */
export const fromUnits = (v: bigint, scale: number): string => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const d = 10n ** BigInt(scale);
  return `${neg ? '-' : ''}${a / d}.${(a % d).toString().padStart(scale, '0')}`;
};

/** quantity (3 decimals) × price (2 decimals), rounded half up to cents, as units of 0.01. */
export const amountCents = (quantity: string, price: string): bigint => {
  const p = toUnits(quantity, 3) * toUnits(price, 2); // scale 5
  const neg = p < 0n;
  const a = neg ? -p : p;
  const cents = (a + 500n) / 1000n;
  return neg ? -cents : cents;
};

/** A client number with at most `scale` decimals (zod checked) as column text. */
export const numText = (n: number, scale: number): string => n.toFixed(scale);

/** Column text → number for the answer; '-0.000' and friends become 0. */
export const num = (s: string): number => Number(s) || 0;

/** Trims trailing zeros for messages: '12.500' → '12.5'. */
export const plain = (s: string): string => String(Number(s));
