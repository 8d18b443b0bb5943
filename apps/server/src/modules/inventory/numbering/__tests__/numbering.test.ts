import type { InvBillRule } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvHarness, invHarness } from '../../unit/__tests__/inv-base-helpers.js';
import { nextDocCode } from '../index.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

const take = (docType: string, docDate: string, tenant = h.tA) =>
  h.s.platform.database.withTenant(tenant, (tx) => nextDocCode(tx, tenant, docType, docDate));
const rules = () => h.ok<InvBillRule[]>('admin', 'GET', 'inventory/bill');
const rule = async (docType: string) => (await rules()).find((r) => r.docType === docType) as InvBillRule;
const preview = async (docType: string, docDate: string) =>
  (
    await h.ok<{ docCode: string }>(
      'admin',
      'GET',
      `inventory/bill/preview?docType=${docType}&docDate=${docDate}`,
    )
  ).docCode;

describe('document numbering (base/bill)', () => {
  it('lists every document type with its built-in default until a rule is set up', async () => {
    const list = await rules();
    expect(list.map((r) => r.docType)).toEqual([
      'purchase_request',
      'warehousing',
      'shipment',
      'transfer',
      'return',
      'stocktake',
    ]);
    expect(list.map((r) => r.prefix)).toEqual(['CG', 'RK', 'CK', 'DB', 'TH', 'PD']);
    expect(list.every((r) => !r.configured && r.objectVersionNumber === null)).toBe(true);
    expect(list[0]?.sample).toMatch(/^CG\d{8}0001$/);
    expect(await preview('shipment', '2026-03-05')).toBe('CK202603050001');
  });

  it('50 concurrent creations get 50 distinct, gap-free serials', async () => {
    const codes = await Promise.all(Array.from({ length: 50 }, () => take('shipment', '2026-11-26')));
    expect(new Set(codes).size).toBe(50);
    const serials = codes.map((c) => Number(c.slice(-4))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await preview('shipment', '2026-11-26')).toBe('CK202611260051');
  });

  it('restarts the serial in a new month (yyyyMM) and follows the document date, not today', async () => {
    const saved = await h.ok<InvBillRule>('admin', 'PUT', 'inventory/bill/transfer', {
      prefix: 'DBX',
      separator: '-',
      datePattern: 'yyyyMM',
      serialLength: 4,
      startValue: 1,
    });
    expect(saved).toMatchObject({ configured: true, prefix: 'DBX', objectVersionNumber: 1 });
    expect(await take('transfer', '2026-11-30')).toBe('DBX-202611-0001');
    expect(await take('transfer', '2026-12-01')).toBe('DBX-202612-0001');
    // A back-dated document continues its own month.
    expect(await take('transfer', '2026-11-02')).toBe('DBX-202611-0002');
    expect(await take('transfer', '2027-01-01')).toBe('DBX-202701-0001');
    expect(await preview('transfer', '2026-12-31')).toBe('DBX-202612-0002');
  });

  it('a rolled-back transaction gives its number back', async () => {
    expect(await take('return', '2026-05-01')).toBe('TH202605010001');
    await expect(
      h.s.platform.database.withTenant(h.tA, async (tx) => {
        expect(await nextDocCode(tx, h.tA, 'return', '2026-05-01')).toBe('TH202605010002');
        throw new Error('the document failed');
      }),
    ).rejects.toThrow('the document failed');
    expect(await take('return', '2026-05-01')).toBe('TH202605010002');
  });

  it('changing a rule never re-issues a number; a raised start value takes effect', async () => {
    const first = await h.ok<InvBillRule>('admin', 'PUT', 'inventory/bill/stocktake', {
      prefix: 'PD',
      separator: '_',
      datePattern: 'yyyy',
      serialLength: 3,
      startValue: 1,
    });
    expect(await take('stocktake', '2026-02-01')).toBe('PD_2026_001');
    expect(await take('stocktake', '2026-02-01')).toBe('PD_2026_002');
    // A lower start value or a longer serial continues after the last one issued.
    const longer = await h.ok<InvBillRule>('admin', 'PUT', 'inventory/bill/stocktake', {
      ...first,
      serialLength: 5,
    });
    expect(await take('stocktake', '2026-06-01')).toBe('PD_2026_00003');
    await h.ok('admin', 'PUT', 'inventory/bill/stocktake', { ...longer, startValue: 100 });
    expect(await preview('stocktake', '2026-06-01')).toBe('PD_2026_00100');
    expect(await take('stocktake', '2026-06-01')).toBe('PD_2026_00100');
    expect(await take('stocktake', '2026-06-01')).toBe('PD_2026_00101');
    // Back to the default: its own day counters.
    const current = await rule('stocktake');
    await h.ok(
      'admin',
      'DELETE',
      `inventory/bill/stocktake?objectVersionNumber=${current.objectVersionNumber}`,
    );
    expect(await rule('stocktake')).toMatchObject({
      configured: false,
      prefix: 'PD',
      datePattern: 'yyyyMMdd',
    });
    expect(await take('stocktake', '2026-06-01')).toBe('PD202606010001');
  });

  it("refuses a duplicate prefix (spec 03 §5), another type's default included", async () => {
    const err = await h.refused(
      409,
      'wfpf.inventory.bill.prefixExists',
      'admin',
      'PUT',
      'inventory/bill/warehousing',
      {
        prefix: 'CG',
        separator: '',
        datePattern: 'yyyyMMdd',
        serialLength: 4,
        startValue: 1,
      },
    );
    expect(err.message).toContain('Purchase request');
    await h.refused(409, 'wfpf.inventory.bill.prefixExists', 'admin', 'PUT', 'inventory/bill/warehousing', {
      prefix: 'dbx',
      separator: '',
      datePattern: 'yyyyMMdd',
      serialLength: 4,
      startValue: 1,
    });
    // Once purchase requests number by another prefix, CG is free.
    await h.ok('admin', 'PUT', 'inventory/bill/purchase_request', {
      prefix: 'PR',
      separator: '-',
      datePattern: 'yyyyMMdd',
      serialLength: 4,
      startValue: 1,
    });
    await h.ok('admin', 'PUT', 'inventory/bill/warehousing', {
      prefix: 'CG',
      separator: '/',
      datePattern: 'yyyyMM',
      serialLength: 6,
      startValue: 1,
    });
    expect(await preview('warehousing', '2026-11-26')).toBe('CG/202611/000001');
  });

  it('refuses bad rules with a 400 naming the field, and stale or missing versions with 409/400', async () => {
    const good = { prefix: 'RT', separator: '-', datePattern: 'yyyyMM', serialLength: 4, startValue: 1 };
    for (const [field, bad] of [
      ['prefix', { prefix: 'R-T' }],
      ['prefix', { prefix: '' }],
      ['separator', { separator: '.' }],
      ['datePattern', { datePattern: 'yyMMdd' }],
      ['serialLength', { serialLength: 2 }],
      ['serialLength', { serialLength: 9 }],
      ['startValue', { startValue: 0 }],
    ] as const) {
      const err = await h.refused(400, undefined, 'admin', 'PUT', 'inventory/bill/return', {
        ...good,
        ...bad,
      });
      expect(err.message).toContain(field);
    }
    await h.refused(400, undefined, 'admin', 'PUT', 'inventory/bill/invoice', good);
    await h.refused(
      400,
      undefined,
      'admin',
      'GET',
      'inventory/bill/preview?docType=return&docDate=2026-13-45',
    );
    const created = await h.ok<InvBillRule>('admin', 'PUT', 'inventory/bill/return', good);
    await h.refused(
      400,
      'wfpf.inventory.bill.versionRequired',
      'admin',
      'PUT',
      'inventory/bill/return',
      good,
    );
    await h.ok('admin', 'PUT', 'inventory/bill/return', { ...created, serialLength: 5 });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'inventory/bill/return', created);
    // Tenant B still numbers by the defaults; the operator has no inventory page.
    const listB = await h.ok<InvBillRule[]>('adminB', 'GET', 'inventory/bill', undefined, h.tB);
    expect(listB.every((r) => !r.configured)).toBe(true);
    await h.refused(403, undefined, 'operator', 'GET', 'inventory/bill');
  });
});
