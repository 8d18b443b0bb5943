// Numbers on the map screens in the reader's locale (Intl), e.g. 1,234.5 / 1.234,5.

const formats = new Map<string, Intl.NumberFormat>();

export const formatNumber = (value: number, locale: string, digits = 2): string => {
  const key = `${locale}:${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    formats.set(key, f);
  }
  return f.format(value);
};
