export type Lang = 'zh-CN' | 'en-US';
export type Translated = Record<Lang, string>;

/** The caller's language from Accept-Language; Chinese unless English is asked for first. */
export const langFromHeader = (header: string | undefined): Lang => {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
};

export const fill = (text: string, params?: Record<string, string | number>): string =>
  params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
