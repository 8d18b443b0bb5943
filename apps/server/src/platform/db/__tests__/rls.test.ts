import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../app/schema.js';
import { openDatabase } from '../client.js';
import { APP_ROLE, checkTenantIsolation, prepareRoleAndRls, TenantIsolationError } from '../rls.js';

const q = (db: PGlite) => async (text: string) => (await db.query(text)).rows;

describe('start-up tenant isolation check', () => {
  it('accepts the migrated schema, run as the plain application role', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://', schema });
    try {
      const rows = (await database.db.execute(
        sql`select current_user as u, current_setting('is_superuser') as s`,
      )) as unknown as {
        rows: { u: string; s: string }[];
      };
      expect(rows.rows[0]).toEqual({ u: APP_ROLE, s: 'off' });
    } finally {
      await database.close();
    }
  });

  it('refuses to serve as a superuser', async () => {
    const db = await PGlite.create('memory://');
    await expect(checkTenantIsolation(q(db))).rejects.toThrow(/superuser or may bypass/);
    await db.close();
  });

  it('refuses to serve when a tenant table lacks forced RLS or a policy', async () => {
    const db = await PGlite.create('memory://');
    await db.exec(`create table rogue (tenant_id bigint not null, secret text);
      create table half (tenant_id bigint not null, x int);
      alter table half enable row level security;`);
    await prepareRoleAndRls(async (t) => {
      await db.exec(t);
    }, q(db));
    await db.exec(`SET ROLE ${APP_ROLE}`);
    const err = await checkTenantIsolation(q(db)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TenantIsolationError);
    // 'half' was forced by prepareRoleAndRls but has no policy; 'rogue' has nothing.
    expect(String(err)).toMatch(/rogue/);
    expect(String(err)).toMatch(/half/);
    await db.close();
  });
});
