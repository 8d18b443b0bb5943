import type { SeedPublicDetail } from '@tilth/contracts/seed.types';

// The public seed page's pure parts: reading its link, and which language's names lead.

export interface SeedLink {
  tenantId: number;
  id: number;
}

const whole = (text: string | null, min: number): number | null => {
  if (!text || !/^\d{1,15}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n >= min ? n : null;
};

/** `?tenantId=..&id=..` → the product to show; null when either is missing or not a whole number. */
export const parseSeedLink = (search: string): SeedLink | null => {
  const params = new URLSearchParams(search);
  const tenantId = whole(params.get('tenantId'), 0);
  const id = whole(params.get('id'), 1);
  return tenantId === null || id === null ? null : { tenantId, id };
};

export interface SeedNames {
  /** The seed's name in the reader's language, else the other one. */
  title: string;
  /** The other language's seed name, when there is one. */
  subtitle: string | null;
  crop: string;
  cropSubtitle: string | null;
}

export const seedNames = (
  d: Pick<SeedPublicDetail, 'seedName' | 'seedEnName' | 'cropName' | 'corpEnName'>,
  language: string,
): SeedNames => {
  const english = language.startsWith('en');
  const pair = (zh: string, en: string | null) => {
    const other = en?.trim() ? en.trim() : null;
    return english && other ? { main: other, sub: zh } : { main: zh, sub: other };
  };
  const seed = pair(d.seedName, d.seedEnName);
  const crop = pair(d.cropName, d.corpEnName);
  return { title: seed.main, subtitle: seed.sub, crop: crop.main, cropSubtitle: crop.sub };
};

/** Text of an HTML description (for the card preview; the full text is shown as HTML). */
export const plainText = (html: string): string =>
  html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
