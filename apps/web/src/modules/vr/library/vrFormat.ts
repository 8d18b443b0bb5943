// Locale formatting of the vr pages' dates, byte sizes and counts (issue 17: dates and numbers locale
// formatted in zh-CN and en-US).

export const formatVrDate = (iso: string | null | undefined, language: string, withTime = false): string => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(at);
};

export const formatBytes = (bytes: number, language: string): string => {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: i === 0 ? 0 : 1,
  }).format(value);
};

export const formatPixels = (width: number, height: number, language: string): string => {
  const n = new Intl.NumberFormat(language);
  return `${n.format(width)} × ${n.format(height)}`;
};
