import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drizzleDir,
  folderBefore,
  pgliteTarget,
  postgresTarget,
  type Target,
} from '../../../../platform/db/__tests__/migration-targets.js';

// Migration 0021 on a database that ran 0000–0020 with agricultural stock: what each base held and every
// movement move into the stock ledger (book 'agri'), and the old tables are gone.

const seedBefore = async (t: Target) => {
  await t.query(`insert into tenants (id, tenant_name, tenant_num, time_zone) values
    (7, 'Seven', 'T7', 'Asia/Shanghai'), (8, 'Eight', 'T8', 'America/New_York')`);
  await t.query(`insert into agricultural_documents (tenant_id, id, doc_type, doc_code, area_id, doc_date) values
    (7, 1, 'warehousing', 'RK-1', 11, '2026-03-01'), (7, 2, 'shipment', 'CK-1', 11, '2026-03-05')`);
  await t.query(`insert into agricultural_stocks (tenant_id, area_id, input_id, quantity, last_movement_at) values
    (7, 11, 101, 7.500, '2026-03-06T02:00:00Z'), (7, 12, 101, 0, '2026-03-02T00:00:00Z'),
    (8, 21, 201, 1.250, '2026-03-07T03:00:00Z')`);
  await t.query(`insert into agricultural_movements (tenant_id, id, area_id, input_id, quantity, balance_after,
      source_type, source_id, source_code, remark, occurred_at, created_by) values
    (7, 1, 11, 101, 10.000, 10.000, 'warehousing', 1, 'RK-1', null, '2026-03-01T01:00:00Z', 5),
    (7, 3, 11, 101, -1.500, 8.500, 'task', 9, 'Weeding', null, '2026-03-06T18:30:00Z', 6),
    (7, 2, 11, 101, -1.000, 7.500, 'shipment', 2, 'CK-1', 'to greenhouse', '2026-03-05T01:00:00Z', 5),
    (8, 4, 21, 201, 1.250, 1.250, 'task_reversal', null, null, null, '2026-03-07T03:00:00Z', null)`);
};

const cases = (name: string, open: () => Promise<Target>) =>
  describe(`migration 0021 on ${name}`, () => {
    let t: Target;
    let before: string;
    beforeAll(async () => {
      t = await open();
      before = folderBefore(21);
      await t.migrate(before);
      await seedBefore(t);
      await t.migrate(drizzleDir);
    });
    afterAll(async () => {
      await t?.close();
      if (before) rmSync(before, { recursive: true, force: true });
    });

    it('copies what every base holds into the agri book, valued 0', async () => {
      const rows =
        await t.query(`select tenant_id::int t, warehouse_id::int w, product_id::int p, lot_no, location,
          quantity::numeric(14,3)::text q, value::text v, area_id::int a, last_posted_at
        from stock_balances where book = 'agri' order by tenant_id, warehouse_id`);
      expect(rows.map(({ last_posted_at, ...r }) => r)).toEqual([
        { t: 7, w: 11, p: 101, lot_no: '', location: 'stock', q: '7.500', v: '0.0000', a: 11 },
        { t: 7, w: 12, p: 101, lot_no: '', location: 'stock', q: '0.000', v: '0.0000', a: 12 },
        { t: 8, w: 21, p: 201, lot_no: '', location: 'stock', q: '1.250', v: '0.0000', a: 21 },
      ]);
      expect(new Date(String(rows[0]?.last_posted_at)).toISOString()).toBe('2026-03-06T02:00:00.000Z');
    });

    it('copies every movement in order, dated by its document or by the farm day it happened', async () => {
      const rows = await t.query(`select tenant_id::int t, warehouse_id::int w, product_id::int p,
          quantity::numeric(14,3)::text q, balance_qty::numeric(14,3)::text b, value_change::text v,
          source_type, source_id::int sid, source_code, doc_date::text d, remark, created_by::int by
        from stock_ledger where book = 'agri' order by id`);
      expect(rows).toEqual([
        {
          t: 7,
          w: 11,
          p: 101,
          q: '10.000',
          b: '10.000',
          v: '0.0000',
          source_type: 'warehousing',
          sid: 1,
          source_code: 'RK-1',
          d: '2026-03-01',
          remark: null,
          by: 5,
        },
        {
          t: 7,
          w: 11,
          p: 101,
          q: '-1.000',
          b: '7.500',
          v: '0.0000',
          source_type: 'shipment',
          sid: 2,
          source_code: 'CK-1',
          d: '2026-03-05',
          remark: 'to greenhouse',
          by: 5,
        },
        // 18:30 UTC is the next morning in Shanghai.
        {
          t: 7,
          w: 11,
          p: 101,
          q: '-1.500',
          b: '8.500',
          v: '0.0000',
          source_type: 'task',
          sid: 9,
          source_code: 'Weeding',
          d: '2026-03-07',
          remark: null,
          by: 6,
        },
        // 03:00 UTC is the evening before in New York.
        {
          t: 8,
          w: 21,
          p: 201,
          q: '1.250',
          b: '1.250',
          v: '0.0000',
          source_type: 'task_reversal',
          sid: null,
          source_code: null,
          d: '2026-03-06',
          remark: null,
          by: null,
        },
      ]);
    });

    it('drops the old tables and keeps the ledger tables under forced row-level security', async () => {
      const gone = await t.query(`select relname from pg_class
        where relname in ('agricultural_stocks', 'agricultural_movements')`);
      expect(gone).toEqual([]);
      const rows = await t.query(`select relname as name, relforcerowsecurity as forced from pg_class
        where relname in ('stock_balances', 'stock_ledger', 'agricultural_documents') order by relname`);
      expect(rows).toEqual([
        { name: 'agricultural_documents', forced: true },
        { name: 'stock_balances', forced: true },
        { name: 'stock_ledger', forced: true },
      ]);
    });
  });

cases('PGlite', pgliteTarget);
if (process.env.DATABASE_URL) cases('PostgreSQL', postgresTarget);
