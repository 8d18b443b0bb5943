import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { CameraMediaErrors } from './camera-media.errors.js';
import { CameraOfflineError } from './provider.types.js';

// Calls to the camera platforms' HTTP APIs (EZVIZ, wvp-GB28181-pro, China Mobile): each with a timeout and
// a bounded answer, and never to this machine or its link-local neighbours — the base URLs come from a
// tenant's settings, so an unchecked one would let a tenant make the server call itself (SSRF).

export const HTTP_TIMEOUT_MS = 8000;
export const JSON_MAX_BYTES = 256 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const loopbackAllowed = (): boolean => process.env.CAMERA_ALLOW_LOOPBACK === '1';

// Loopback, link-local and unspecified ranges; BlockList also matches IPv4-mapped IPv6 forms of them.
const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addAddress('::', 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');

export const isLocalAddress = (ip: string): boolean => {
  const family = isIP(ip);
  return family !== 0 && LOCAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
};

/** Refuses a URL that is not http(s) or that names (or resolves to) a local address. */
export const checkTarget = async (raw: string): Promise<URL> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw CameraMediaErrors.badTarget({ url: raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw CameraMediaErrors.badTarget({ url: raw });
  if (loopbackAllowed()) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) throw CameraMediaErrors.badTarget({ url: raw });
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (r) => r.map((x) => x.address),
        // Unresolvable now: the call itself will answer offline.
        () => [],
      );
  if (addresses.some(isLocalAddress)) throw CameraMediaErrors.badTarget({ url: raw });
  return url;
};

export interface HttpCall {
  method?: 'GET' | 'POST';
  /** Sent as application/x-www-form-urlencoded (EZVIZ takes its parameters this way). */
  form?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

const defined = (o: Record<string, string | number | undefined>): [string, string][] =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]);

/** One HTTP call; an unreachable host, a timeout or a cut answer throws CameraOfflineError. */
export const httpCall = async (raw: string, c: HttpCall = {}): Promise<HttpAnswer> => {
  const url = await checkTarget(raw);
  for (const [k, v] of defined(c.query ?? {})) url.searchParams.set(k, v);
  const max = c.maxBytes ?? JSON_MAX_BYTES;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), c.timeoutMs ?? HTTP_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: c.method ?? (c.form ? 'POST' : 'GET'),
      headers: {
        ...(c.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...c.headers,
      },
      body: c.form ? new URLSearchParams(defined(c.form)).toString() : undefined,
      // A redirect could lead to a local address the check above did not see.
      redirect: 'error',
      signal: ctl.signal,
    });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > max) {
      await res.body?.cancel();
      throw CameraMediaErrors.tooLarge({ max });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of res.body) {
        size += chunk.byteLength;
        if (size > max) {
          ctl.abort();
          throw CameraMediaErrors.tooLarge({ max });
        }
        chunks.push(Buffer.from(chunk));
      }
    }
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: Buffer.concat(chunks),
    };
  } catch (err) {
    if (err instanceof Error && 'def' in err) throw err;
    throw new CameraOfflineError(`${url.host}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
  }
};

/** A call answering JSON; a non-JSON answer counts as the platform being unreachable. */
export const httpJson = async (raw: string, c: HttpCall = {}): Promise<{ status: number; json: unknown }> => {
  const a = await httpCall(raw, c);
  try {
    return { status: a.status, json: a.body.length ? JSON.parse(a.body.toString('utf8')) : null };
  } catch {
    throw new CameraOfflineError(`${raw}: answered ${a.status} without JSON`);
  }
};

/** A JPEG (or other image) by URL, bounded in size. */
export const httpImage = async (raw: string, c: HttpCall = {}): Promise<Buffer> => {
  const a = await httpCall(raw, { maxBytes: IMAGE_MAX_BYTES, ...c });
  if (a.status !== 200 || !a.contentType.startsWith('image/') || a.body.length === 0)
    throw new CameraOfflineError(`${raw}: no image (${a.status} ${a.contentType})`);
  return a.body;
};

/** A property of a JSON object, or undefined. */
export const field = (o: unknown, key: string): unknown =>
  o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;

export const str = (o: unknown, key: string): string | undefined => {
  const v = field(o, key);
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};

/** A date as a platform in China writes it: 'yyyy-MM-dd HH:mm:ss' in the given time zone. */
export const wallClock = (d: Date, timeZone = 'Asia/Shanghai'): string => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};
