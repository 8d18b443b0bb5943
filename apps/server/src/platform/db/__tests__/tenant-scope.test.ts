import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../app/schema.js';
import { createScratchDatabase, overlappingQueries } from '../../../test/test-database.js';
import { type Database, type Db, openDatabase, setAreaScope } from '../client.js';
import { APP_ROLE } from '../rls.js';
import { isPlainRead } from '../tenant-scope.js';

// ADR 0022: a tenant scope of reads sends each read behind its tenant setting in one batch, with no BEGIN
// or COMMIT; the first statement that is not a plain read opens the transaction.

describe('which statements may run in their own implicit transaction', () => {
  it('takes selects and read-only CTEs, and nothing that writes, locks or sets', () => {
    for (const read of [
      'select "id" from "area" where "tenant_id" = $1',
      '  SELECT 1',
      '(select 1) union (select 2)',
      'with "x" as (select 1) select * from "x"',
      'select "update_by", "last_update_date", "delete_flag" from "t"',
    ])
      expect(isPlainRead(read), read).toBe(true);
    for (const other of [
      'insert into "t" values (1)',
      'update "t" set "a" = 1',
      'with "x" as (insert into "t" values (1) returning *) select * from "x"',
      'with "x" as (delete from "t" returning *) select * from "x"',
      'select * from "t" for update',
      'select * from "t" for no key update of "t"',
      'select * from "t" FOR SHARE',
      'select pg_advisory_xact_lock(1)',
      'select pg_try_advisory_xact_lock(1)',
      "select set_config('app.area_ids', '1', true)",
      "select nextval('s')",
      'select 1; select 2',
      'select * into "copy" from "t"',
      'savepoint sp_1',
      'begin',
      "set local statement_timeout = '1s'",
    ])
      expect(isPlainRead(other), other).toBe(false);
  });
});

// The pooled PostgreSQL path only: PGlite keeps its plain transaction (one in-process connection).
const url = process.env.DATABASE_URL;

type Rows<R> = { rows: R[] };
const rowsOf = <R>(r: unknown): R[] => (r as Rows<R>).rows;
/** PostgreSQL's own message: Drizzle wraps it as the cause of "Failed query: …". */
const pgMessage = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (err) {
    return err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
  }
  return 'no error';
};

describe.runIf(url)(
  'PostgreSQL tenant scope: reads without BEGIN, the transaction from the first write',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let database: Database;
    const sent: string[] = [];
    const original = pg.Client.prototype.query;

    /** The texts of the statements sent while fn runs (a prefixed query counts as one: one batch, one Sync). */
    const sentDuring = async (fn: () => Promise<unknown>): Promise<string[]> => {
      sent.length = 0;
      await fn();
      return sent.map((s) => s.trim().split(/\s+/).slice(0, 2).join(' ').toLowerCase());
    };
    const probe = (tx: Db) => tx.execute(sql`select v from scope_probe order by v`);
    const values = async (tx: Db) => rowsOf<{ v: string }>(await probe(tx)).map((r) => r.v);

    beforeAll(async () => {
      scratch = await createScratchDatabase();
      if (!scratch) throw new Error('no scratch database');
      // One connection: every scope below follows the last on the same backend, so a leak would show.
      database = await openDatabase({ databaseUrl: scratch.url, schema, poolSize: 1 });
      const owner = new pg.Client({ connectionString: scratch.url });
      await owner.connect();
      try {
        await owner.query(`
        create table scope_probe (tenant_id int not null, v text not null);
        alter table scope_probe enable row level security;
        alter table scope_probe force row level security;
        create policy scope_probe_tenant on scope_probe
          using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::int)
          with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::int);
        grant select, insert on scope_probe to ${APP_ROLE};
        insert into scope_probe values (1, 'a1'), (1, 'b1'), (2, 'a2');
      `);
      } finally {
        await owner.end();
      }
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const [config] = args;
        const text =
          typeof config === 'string'
            ? config
            : ((config as { text?: string } | undefined)?.text ?? '(submittable)');
        sent.push(text);
        return Reflect.apply(original, this, args);
      } as typeof original;
    });
    afterAll(async () => {
      pg.Client.prototype.query = original;
      await database?.close();
      await scratch?.drop();
    });

    it('reads the tenant’s rows only, one batch per read, no BEGIN or COMMIT', async () => {
      let seen: string[][] = [];
      const texts = await sentDuring(async () => {
        seen = [await database.withTenant(1, values), await database.withTenant(2, values)];
      });
      expect(seen).toEqual([['a1', 'b1'], ['a2']]);
      expect(texts).toEqual(['select v', 'select v']);
    });

    it('leaves no tenant on the connection after a scope of reads', async () => {
      await database.withTenant(1, values);
      const [row] = rowsOf<{ t: string | null }>(
        await database.db.execute(sql`select current_setting('app.tenant_id', true) as t`),
      );
      expect([null, '']).toContain(row?.t);
      expect(await database.transaction(values)).toEqual([]);
    });

    it('opens the transaction with the first write, in the same batch, and commits it', async () => {
      let inside: string[] = [];
      const texts = await sentDuring(() =>
        database.withTenant(1, async (tx) => {
          await values(tx);
          await tx.execute(sql`insert into scope_probe values (1, 'c1')`);
          inside = await values(tx);
        }),
      );
      expect(inside).toEqual(['a1', 'b1', 'c1']);
      expect(texts).toEqual(['select v', 'insert into', 'select v', 'commit']);
      expect(await database.withTenant(1, values)).toEqual(['a1', 'b1', 'c1']);
    });

    it('rolls back every write of a scope that fails after it, reads before it included', async () => {
      await expect(
        database.withTenant(2, async (tx) => {
          await values(tx);
          await tx.execute(sql`insert into scope_probe values (2, 'x2')`);
          throw new Error('later failure');
        }),
      ).rejects.toThrow('later failure');
      expect(await database.withTenant(2, values)).toEqual(['a2']);
    });

    it('still refuses a row of another tenant on insert (the setting is there for the write too)', async () => {
      expect(
        await pgMessage(
          database.withTenant(2, (tx) => tx.execute(sql`insert into scope_probe values (1, 'sneaky')`)),
        ),
      ).toMatch(/row-level security/);
      expect(await database.withTenant(1, values)).not.toContain('sneaky');
    });

    it('opens the transaction on its own round trip for several statements in one text', async () => {
      const two = sql.raw(
        "insert into scope_probe values (1, 'm1'); insert into scope_probe values (1, 'm2')",
      );
      await expect(
        database.withTenant(1, async (tx) => {
          await tx.execute(two);
          expect(await values(tx)).toContain('m2');
          throw new Error('undo both');
        }),
      ).rejects.toThrow('undo both');
      expect(await database.withTenant(1, values)).not.toContain('m1');
      const texts = await sentDuring(() => database.withTenant(1, (tx) => tx.execute(two)));
      expect(texts).toEqual(['begin; select', 'insert into', 'commit']);
      expect(await database.withTenant(1, values)).toEqual(expect.arrayContaining(['m1', 'm2']));
      expect(overlappingQueries).toEqual([]);
    });

    it('holds a transaction-scoped advisory lock until the scope ends', async () => {
      const held = await database.withTenant(1, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        const [r] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
          ),
        );
        return r?.n;
      });
      expect(held).toBe(1);
    });

    it('carries the base scope set before the transaction with each read, and sets it inside once open', async () => {
      const area = sql`select current_setting('app.area_ids', true) as a`;
      const before = await database.withTenant(1, async (tx) => {
        await setAreaScope(tx, [3, 5]);
        const first = rowsOf<{ a: string }>(await tx.execute(area))[0]?.a;
        const second = rowsOf<{ a: string }>(await tx.execute(area))[0]?.a;
        return [first, second];
      });
      expect(before).toEqual(['3,5', '3,5']);
      const after = await database.withTenant(1, async (tx) => {
        await tx.execute(sql`insert into scope_probe values (1, 'd1')`);
        await setAreaScope(tx, [7]);
        return rowsOf<{ a: string }>(await tx.execute(area))[0]?.a;
      });
      expect(after).toBe('7');
    });

    it('recovers from a failing read: the connection serves the next scope', async () => {
      expect(await pgMessage(database.withTenant(1, (tx) => tx.execute(sql`select 1/0`)))).toMatch(
        /division/,
      );
      expect(await database.withTenant(2, values)).toEqual(['a2']);
    });

    it('keeps replica reads read-only when they fall back to the primary', async () => {
      expect(await database.withTenantReplica(1, values)).toContain('a1');
      expect(
        await pgMessage(
          database.withTenantReplica(1, (tx) => tx.execute(sql`insert into scope_probe values (1, 'r1')`)),
        ),
      ).toMatch(/read-only transaction/);
    });

    it('prepares each text once per connection, and recovers from a statement whose first run failed', async () => {
      const prepared = sql`select name, statement from pg_prepared_statements order by name`;
      const names = await database.withTenant(1, async (tx) => {
        await values(tx);
        await values(tx);
        return rowsOf<{ name: string; statement: string }>(await tx.execute(prepared));
      });
      const probeNames = names.filter((n) => n.statement.includes('from scope_probe'));
      expect(probeNames).toHaveLength(1);
      expect(names.some((n) => n.name === 'tilth_scope_1')).toBe(true);

      // A text that never parses fails the same way each time (not "prepared statement does not exist").
      const bad = sql`select no_such_column from scope_probe`;
      for (let i = 0; i < 2; i += 1)
        expect(await pgMessage(database.withTenant(1, (tx) => tx.execute(bad)))).toMatch(/no_such_column/);
      // A text that parses but fails when first run works on its next run.
      const divide = (d: number) => sql`select 10 / ${d}::int as q from scope_probe limit 1`;
      expect(await pgMessage(database.withTenant(1, (tx) => tx.execute(divide(0))))).toMatch(/division/);
      const [ok] = rowsOf<{ q: number }>(await database.withTenant(1, (tx) => tx.execute(divide(2))));
      expect(ok?.q).toBe(5);
    });

    it('refuses a bad tenant id before it takes a connection', async () => {
      await expect(database.withTenant(-1, values)).rejects.toThrow(/bad tenant id/);
      expect(overlappingQueries).toEqual([]);
    });
  },
);
