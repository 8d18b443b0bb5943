// Traceability catalogue checks shared by the console and the server (no zod: the console bundles this).

export const WEIGHT_UNITS = ['g', 'kg', 'jin', 'ml', 'l'] as const;
export const TRACE_BATCH_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type TraceBatchStatus = (typeof TRACE_BATCH_STATUSES)[number];
export const OUTLET_KINDS = ['store', 'online'] as const;
export const ONLINE_PLATFORMS = [
  'taobao',
  'tmall',
  'jd',
  'pinduoduo',
  'douyin',
  'wechat',
  'own',
  'other',
] as const;

// ---- Checks shared by console and server -----------------------------------------------------------

/** GS1 mod-10 check digit of the digits before it (weights 3,1,3… from the right). */
export const gs1CheckDigit = (body: string): number => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
};

/** A GTIN-8/12/13/14 with a right check digit, as GTIN-14 (left-padded with zeros); undefined otherwise. */
export const normaliseGtin = (raw: string): string | undefined => {
  const s = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(s) || ![8, 12, 13, 14].includes(s.length)) return undefined;
  if (gs1CheckDigit(s.slice(0, -1)) !== Number(s.slice(-1))) return undefined;
  return s.padStart(14, '0');
};

// GB 32100-2015: 31 characters (no I, O, S, V, Z), weights 3^i mod 31 for the 17 characters before the check.
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Whether an 18-character unified social credit code has a right check character (GB 32100-2015). */
export const creditCodeValid = (raw: string): boolean => {
  const s = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(s[i] as string) * (CREDIT_WEIGHTS[i] as number);
  const check = (31 - (sum % 31)) % 31;
  return s[17] === CREDIT_CHARS[check];
};

/** Whether a URL is an https address (the only kind the public page links to). */
export const isHttpsUrl = (raw: string): boolean => {
  try {
    const u = new URL(raw.trim());
    return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
};

/** 'lat,lng' with lat in −90…90 and lng in −180…180 (like areas.area_center). */
export const isLatLng = (raw: string): boolean => {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(raw);
  if (!m) return false;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
};

/** A lot code fits GS1 AI 10: letters, digits, '-' and '_', at most 20. */
export const BATCH_CODE_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
/** The tenant's own code prefix (codes without a GTIN): 2–8 letters or digits. */
export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9]{2,8}$/;
export const PHONE_PATTERN = /^[0-9+\-() ]{3,30}$/;

/** Expiry from production date and shelf life (UTC calendar arithmetic on YYYY-MM-DD). */
export const expiryFrom = (
  productionDate: string,
  shelfLifeDays: number | null | undefined,
): string | null => {
  if (!shelfLifeDays) return null;
  const d = new Date(`${productionDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  d.setUTCDate(d.getUTCDate() + shelfLifeDays);
  return d.toISOString().slice(0, 10);
};
