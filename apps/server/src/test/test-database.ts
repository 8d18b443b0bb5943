import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where a query was sent on a pg client still running another (typically Promise.all over one transaction).
 * pg 8 queues it and warns only sometimes ("client.query() when the client is already executing a query");
 * pg 9 refuses it. Every PostgreSQL test database watches for it, and drop() fails when it happened in the
 * process: the record stays, so later drops name the first place too.
 */
export const overlappingQueries: string[] = [];
let watching = false;
const watchOverlappingQueries = (): void => {
  if (watching) return;
  watching = true;
  // Texts of the queries a client has sent and not yet seen answered.
  const inFlight = new WeakMap<object, string[]>();
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const sent = inFlight.get(this) ?? [];
    inFlight.set(this, sent);
    if (sent.length > 0) overlappingQueries.push(new Error('overlapping query').stack ?? '');
    sent.push(text);
    const done = () => {
      const i = sent.indexOf(text);
      if (i >= 0) sent.splice(i, 1);
    };
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const given = args[cb] as (...r: unknown[]) => unknown;
      args[cb] = (...r: unknown[]) => {
        done();
        return given(...r);
      };
      return query.apply(this, args);
    }
    const out = query.apply(this, args);
    if (out instanceof Promise) out.then(done, done);
    else done();
    return out;
  } as typeof pg.Client.prototype.query;
};

/**
 * With DATABASE_URL set (CI's PostgreSQL run), each test server gets a database of its own in that
 * cluster, dropped afterwards; otherwise undefined and the caller uses PGlite in memory.
 */
export const createScratchDatabase = async (): Promise<
  { url: string; drop(): Promise<void> } | undefined
> => {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  // Test runs only: a benchmark that borrows this helper keeps pg unwrapped.
  if (process.env.VITEST) watchOverlappingQueries();
  const name = `tilth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      if (overlappingQueries.length > 0)
        throw new Error(`two queries were sent at once on one pg client:\n${overlappingQueries[0]}`);
    },
  };
};
