// Exact decimal arithmetic on numeric columns' text ('12.500') as bigint in fixed units, so money and
// quantities never pick up float error. Shared by every ledger and document (ADR 0014).

/** '12.5' → 12500n at scale 3 (thousandths); negative and missing fractions allowed; extra digits cut. */
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

/** a / b rounded half away from zero (b ≠ 0). */
export const divRound = (a: bigint, b: bigint): bigint => {
  const neg = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (2n * x + y) / (2n * y);
  return neg ? -q : q;
};

/** Changes the scale of a fixed-point value, rounding half away from zero when it shrinks. */
export const rescale = (v: bigint, from: number, to: number): bigint =>
  to >= from ? v * 10n ** BigInt(to - from) : divRound(v, 10n ** BigInt(from - to));

/** A client number with at most `scale` decimals (zod checked) as column text. */
export const numText = (n: number, scale: number): string => n.toFixed(scale);

/** Column text → number for the answer; '-0.000' and friends become 0. */
export const num = (s: string): number => Number(s) || 0;

/** Trims trailing zeros for messages: '12.500' → '12.5'. */
export const plain = (s: string): string => String(Number(s));
