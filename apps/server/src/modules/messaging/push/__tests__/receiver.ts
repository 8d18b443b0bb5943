import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_HEADERS } from '@tilth/contracts/push.types';

// A local HTTP receiver for data push tests: records what it accepted, fails on demand.

export interface Received {
  id: string;
  type: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; seq: number; subscriptionId: number; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  /** Events answered 2xx, in arrival order. */
  accepted: Received[];
  /** Requests answered with an error. */
  refused: number;
  /** The next n requests get a 503. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** Verifies like a receiver should: HMAC-SHA256(secret, timestamp + "." + raw body), constant time. */
export const verifySignature = (secret: string, r: Pick<Received, 'timestamp' | 'signature' | 'raw'>) => {
  const want = `sha256=${createHmac('sha256', secret).update(`${r.timestamp}.${r.raw}`).digest('hex')}`;
  return want.length === r.signature.length && timingSafeEqual(Buffer.from(want), Buffer.from(r.signature));
};

export const startReceiver = async (): Promise<Receiver> => {
  let failing = 0;
  const rec: Omit<Receiver, 'url' | 'close' | 'failNext'> = { accepted: [], refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing > 0) {
        failing--;
        rec.refused++;
        res.writeHead(503).end('busy');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      rec.accepted.push({
        id: String(req.headers[PUSH_HEADERS.id]),
        type: String(req.headers[PUSH_HEADERS.type]),
        timestamp: String(req.headers[PUSH_HEADERS.timestamp]),
        signature: String(req.headers[PUSH_HEADERS.signature]),
        raw,
        body: JSON.parse(raw) as Received['body'],
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(rec, {
    url: `http://127.0.0.1:${port}/hook`,
    failNext: (n: number) => {
      failing = n;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  }) as Receiver;
};
