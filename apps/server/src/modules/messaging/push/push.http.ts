import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { PUSH_HEADERS } from '@tilth/contracts/push.types';
import { guardedLookup, isPrivateAddress } from './push.target.js';

// One signed POST of a push (docs/api.md "Data push"): bounded time, bounded response reading, no
// redirects followed, the target's address checked again as the socket connects.

/** A delivery gives up on the receiver after this long (connect, send and answer together). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer that are read (the rest is dropped; it only feeds the log's error). */
const MAX_RESPONSE_BYTES = 4096;

export interface PushAttempt {
  ok: boolean;
  status: number | null;
  ms: number;
  error: string | null;
}

export interface SignedEvent {
  eventId: string;
  eventType: string;
  body: string;
}

/** `HMAC-SHA256(secret, timestamp + "." + body)`, hex. */
export const pushSignature = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

// Keep-alive: a busy subscription reuses its connection instead of a handshake per event.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const clip = (s: string, n = 300): string => (s.length > n ? `${s.slice(0, n)}…` : s);

export const sendPush = (
  target: string,
  secret: string,
  e: SignedEvent,
  allowPrivate: () => boolean,
  timeoutMs = PUSH_TIMEOUT_MS,
): Promise<PushAttempt> => {
  const started = performance.now();
  const done = (ok: boolean, status: number | null, error: string | null): PushAttempt => ({
    ok,
    status,
    ms: Math.round(performance.now() - started),
    error,
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(done(false, null, 'invalid URL'));
  }
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate() && isPrivateAddress(host))
    return Promise.resolve(done(false, null, 'refused: private address'));
  if (!secure && !(url.protocol === 'http:' && allowPrivate()))
    return Promise.resolve(done(false, null, 'refused: only https targets are allowed'));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const payload = Buffer.from(e.body);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: PushAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: guardedLookup(allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': 'Tilth-Push/1',
          [PUSH_HEADERS.id]: e.eventId,
          [PUSH_HEADERS.type]: e.eventType,
          [PUSH_HEADERS.timestamp]: timestamp,
          [PUSH_HEADERS.signature]: `sha256=${pushSignature(secret, timestamp, e.body)}`,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(c);
          size += c.length;
          if (size > MAX_RESPONSE_BYTES) res.destroy();
        });
        const end = () => {
          const text = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8');
          if (status >= 200 && status < 300) finish(done(true, status, null));
          else if (status >= 300 && status < 400) finish(done(false, status, 'redirect not followed'));
          else finish(done(false, status, clip(`HTTP ${status}${text ? `: ${text}` : ''}`)));
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(done(false, null, `timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code === 'EPRIVATE' ? 'refused: private address' : (err.code ?? err.message);
      finish(done(false, null, clip(code === err.message ? code : `${code}: ${err.message}`)));
    });
    req.end(payload);
  });
};
