// Numbers in the reader's language (Intl), and the one mark for "no value". Every screen formats
// through here, so 1,234.5 / 1.234,5 and '—' read the same on maps, devices and reports.

/** What a cell or figure shows when there is no value (a period without readings, a field not set). */
export const NO_DATA = '—';

const formats = new Map<string, Intl.NumberFormat>();

/** `value` with at most `maxDigits` (and at least `minDigits`) decimals; NO_DATA for none. */
export const formatNumber = (
  value: number | null | undefined,
  locale: string,
  maxDigits = 2,
  minDigits = 0,
): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATA;
  const key = `${locale}:${minDigits}:${maxDigits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits });
    formats.set(key, f);
  }
  return f.format(value);
};
