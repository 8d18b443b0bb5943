import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With DATABASE_URL set (CI's PostgreSQL run), each test server gets a database of its own in that
 * cluster, dropped afterwards; otherwise undefined and the caller uses PGlite in memory.
 */
export const createScratchDatabase = async (): Promise<
  { url: string; drop(): Promise<void> } | undefined
> => {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
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
    },
  };
};
