import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createScratchDatabase } from '../../../test/test-database.js';
import { PGLITE_EXTENSIONS } from '../client.js';

// Databases for migration tests: migrate up to a migration, seed data of the kinds it rewrites, then run
// the rest. PGlite always; PostgreSQL too when DATABASE_URL is set.

export const drizzleDir = path.resolve(import.meta.dirname, '../../../../drizzle');

/** A migrations folder holding only the migrations before `idx` (e.g. 4 for everything before 0004). */
export const folderBefore = (idx: number): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tilth-mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    cpSync(path.join(drizzleDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
};

export interface Target {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export const pgliteTarget = async (): Promise<Target> => {
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client);
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
};

export const postgresTarget = async (): Promise<Target> => {
  const scratch = await createScratchDatabase();
  if (!scratch) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const db = drizzlePg(client);
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
};
