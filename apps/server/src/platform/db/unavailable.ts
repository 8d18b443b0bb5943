// Tells a database that is down or failing over (its connections refused, cut or timing out, the server
// shutting down, or a write reaching a node that is now a read-only replica) from a failing query: the
// first is answered 503 (try again), and ingest does not retry such a batch message by message.

/** Node socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** pg's own messages for a lost or never-made connection (they carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/**
 * SQLSTATEs: 08 connection exceptions, 57P01–57P03 shutdown / starting up, 53300 too many connections,
 * 25006 a write on a read-only node (a demoted primary or a replica answering while Patroni promotes).
 */
const unavailableState = (code: string): boolean =>
  code.startsWith('08') ||
  code === '57P01' ||
  code === '57P02' ||
  code === '57P03' ||
  code === '53300' ||
  code === '25006';

export const isDatabaseUnavailable = (err: unknown): boolean => {
  for (
    let e: unknown = err, i = 0;
    e && typeof e === 'object' && i < 5;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableState(code)))
    )
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
};
