// GS1 Digital Link 1.2 URIs of trace codes (issue 18 item 2), pure so the server, the console and the
// public page build and read them the same way:
//   gs1 scheme:    https://{host}/01/{GTIN-14}/10/{lot}/21/{serial}
//   tenant scheme: https://{host}/q/{tenantId}/{serial}   (no GTIN; the serial starts with the tenant prefix)

/** GS1 AI encodable character set 82 (GS1 General Specifications figure 7.11-1). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
/** AI 10 (batch/lot) and AI 21 (serial) are X..20. */
export const GS1_AI_MAX_LENGTH = 20;
/** Serial alphabet: digits and capitals without 0/O/1/I, so a printed serial reads back without doubt. */
export const TRACE_SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A tenant code prefix: 1–8 capitals/digits (the serial keeps 12 random characters within 20). */
export const TRACE_CODE_PREFIX_PATTERN = /^[A-Z0-9]{1,8}$/;

export type DigitalLink =
  | { scheme: 'gs1'; host: string; gtin: string; lot: string | null; serial: string }
  | { scheme: 'tenant'; host: string; tenantId: number; serial: string };

/** GS1 mod-10 check digit of the digits before it (weights 3,1,3… from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN-8/12/13/14 with a valid check digit, as GTIN-14 (left-padded with zeros); null when it is not one.
 * Spaces and hyphens people type between digit groups are ignored.
 */
export function normalizeGtin(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return null;
  const gtin = digits.padStart(14, '0');
  return gs1CheckDigit(gtin.slice(0, 13)) === Number(gtin[13]) ? gtin : null;
}

/** True when the value may be an AI 10 / AI 21 value (CSET 82, 1–20 characters). */
export function isGs1AiValue(value: string): boolean {
  return value.length >= 1 && value.length <= GS1_AI_MAX_LENGTH && CSET82.test(value);
}

// Digital Link §7: a path segment keeps only URI unreserved characters; the rest of CSET 82 is %-encoded
// (uppercase hex), '/' included, so a lot like "A/B" stays one segment.
function encodeAiValue(value: string): string {
  let out = '';
  for (const ch of value) {
    out += /[A-Za-z0-9\-._]/.test(ch)
      ? ch
      : `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function decodeAiValue(segment: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(segment)) return null;
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isGs1AiValue(value) ? value : null;
}

// `host` is a bare host[:port] (https) or 'http://host[:port]' (local installs without TLS).
function originOf(host: string): string {
  const http = host.startsWith('http://');
  const h = host.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(h)) throw new Error(`Not a host name: ${host}`);
  return `${http ? 'http' : 'https'}://${h}`;
}

/** The Digital Link URI of a code; throws on a value the standard cannot carry (callers check first). */
export function buildDigitalLink(link: DigitalLink): string {
  const origin = originOf(link.host);
  if (!isGs1AiValue(link.serial)) throw new Error('A serial is 1–20 characters of GS1 CSET 82');
  if (link.scheme === 'tenant') {
    if (!Number.isSafeInteger(link.tenantId) || link.tenantId <= 0) throw new Error('Bad tenant id');
    return `${origin}/q/${link.tenantId}/${encodeAiValue(link.serial)}`;
  }
  const gtin = normalizeGtin(link.gtin);
  if (!gtin) throw new Error('Not a GTIN with a valid check digit');
  const lot = link.lot == null || link.lot === '' ? null : link.lot;
  if (lot !== null && !isGs1AiValue(lot)) throw new Error('A lot is 1–20 characters of GS1 CSET 82');
  const lotPart = lot === null ? '' : `/10/${encodeAiValue(lot)}`;
  return `${origin}/01/${gtin}${lotPart}/21/${encodeAiValue(link.serial)}`;
}

/**
 * Reads a code URI back; null when it is not one of ours. Accepts GTIN-8/12/13 in the URI (returned as
 * GTIN-14), a query string (ignored), and no other path than the two forms above; an http URI's host
 * comes back as 'http://host'.
 */
export function parseDigitalLink(uri: string): DigitalLink | null {
  const m = /^(https?):\/\/([A-Za-z0-9.-]+(?::\d{1,5})?)(\/[^?#]*)(?:[?#].*)?$/.exec(uri.trim());
  if (!m) return null;
  const host = m[1] === 'http' ? `http://${m[2]}` : (m[2] as string);
  const segments = (m[3] as string).split('/').slice(1);
  if (segments.some((s) => s === '')) return null;
  if (segments[0] === 'q') {
    if (segments.length !== 3 || !/^[1-9]\d{0,15}$/.test(segments[1] as string)) return null;
    const serial = decodeAiValue(segments[2] as string);
    const tenantId = Number(segments[1]);
    if (serial === null || !Number.isSafeInteger(tenantId)) return null;
    return { scheme: 'tenant', host, tenantId, serial };
  }
  if (segments[0] !== '01') return null;
  const gtin = normalizeGtin(segments[1] ?? '');
  if (!gtin || !/^\d+$/.test(segments[1] ?? '')) return null;
  let rest = segments.slice(2);
  let lot: string | null = null;
  if (rest[0] === '10') {
    lot = decodeAiValue(rest[1] ?? '');
    if (lot === null) return null;
    rest = rest.slice(2);
  }
  if (rest.length !== 2 || rest[0] !== '21') return null;
  const serial = decodeAiValue(rest[1] as string);
  if (serial === null) return null;
  return { scheme: 'gs1', host, gtin, lot, serial };
}

/** True for a serial of the given scheme's shape (prefix + unambiguous alphabet, ≤ 20). */
export function isTraceSerial(serial: string): boolean {
  return /^[A-Z0-9]{1,20}$/.test(serial);
}
