import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

// An integrator's end of data push (docs/api.md "Data push"): a plain HTTP server on 127.0.0.1 that keeps
// every request it gets (headers and the raw body, as received) and answers 200.

export interface PushRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it came over the wire: the signature is over these bytes. */
  raw: string;
}

export interface PushReceiver {
  /** Where to push, e.g. http://127.0.0.1:40123/hook. */
  url: string;
  received: PushRequest[];
  close(): Promise<void>;
}

export const startReceiver = async (): Promise<PushReceiver> => {
  const received: PushRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        // The server's keep-alive agent holds its connection open; close() alone would wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const header = (r: PushRequest, name: string): string => {
  const v = r.headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/**
 * What a receiver checks: `X-Tilth-Signature` is `sha256=` HMAC-SHA256(secret, timestamp + "." + raw body)
 * in hex, compared in constant time, and the timestamp is within 5 minutes of now (replays refused).
 */
export const signatureValid = (secret: string, r: PushRequest): boolean => {
  const timestamp = header(r, 'x-tilth-timestamp');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.raw}`).digest('hex')}`,
  );
  const given = Buffer.from(header(r, 'x-tilth-signature'));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const eventType = (r: PushRequest): string => header(r, 'x-tilth-event-type');
