import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as todayIn } from '../../../../platform/time/zone.js';
import { auth, login } from '../../../../test/harness.js';
import {
  atInstant,
  daysAt,
  NEW_YORK,
  SHANGHAI,
  setTenantZone,
  splitInstant,
} from '../../__tests__/tenant-zone.js';
import {
  type AgriDoc,
  type AgriStock,
  agriHarness,
  type ErrorBody,
  type Page,
  recordSum,
} from './agri-helpers.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

let h: Awaited<ReturnType<typeof agriHarness>>;
const ids = { base: 0, base2: 0, urea: 0, seed: 0, film: 0, baseB: 0, inputB: 0 };

beforeAll(async () => {
  h = await agriHarness();
  ids.base = await h.area('示范基地');
  ids.base2 = await h.area('第二基地');
  ids.urea = (await h.input({ inputName: '尿素', inputCode: 'UREA', unit: 'kg', price: 2.8 })).inputId;
  ids.seed = (await h.input({ inputName: '黄瓜种子', inputCode: 'SEED', unit: '袋', price: 35 })).inputId;
  ids.film = (await h.input({ inputName: '地膜', inputCode: 'FILM', unit: '卷', price: null })).inputId;
  ids.baseB = await h.area('B base', h.tB);
  ids.inputB = (await h.input({ inputCode: 'B_IN' }, h.tB)).inputId;
});
afterAll(async () => {
  await h.s.close();
});

const receipt = (lines: { inputId: number; quantity: number; unitPrice?: number | null }[], extra = {}) =>
  h.call('admin', 'POST', 'agricultural/warehousing', {
    areaId: ids.base,
    docDate: '2025-03-01',
    lines,
    ...extra,
  });
const issue = (lines: { inputId: number; quantity: number }[], extra = {}) =>
  h.call('admin', 'POST', 'agricultural/shipment', {
    areaId: ids.base,
    docDate: '2025-03-02',
    lines,
    ...extra,
  });

/** Stock equals the sum of its movement record, and is never below zero. */
const expectConsistent = async (areaId: number, inputId: number) => {
  const qty = await h.stock(areaId, inputId);
  expect(qty).toBeGreaterThanOrEqual(0);
  expect(recordSum(await h.record(areaId, inputId))).toBeCloseTo(qty, 3);
  return qty;
};

describe('warehousing and shipment documents', () => {
  it('a receipt adds stock, gets an RK code, amounts and a movement record', async () => {
    const res = await receipt(
      [
        { inputId: ids.urea, quantity: 100.5, unitPrice: 2.85 },
        { inputId: ids.seed, quantity: 3 },
        { inputId: ids.film, quantity: 2 },
      ],
      { counterparty: '惠农农资店', handler: '张三', remark: '春耕备肥' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as AgriDoc;
    expect(doc.docCode).toBe(`RK-${todayIn(ZONE).replaceAll('-', '')}-001`);
    expect(doc).toMatchObject({
      docType: 'warehousing',
      areaName: '示范基地',
      lineCount: 3,
      counterparty: '惠农农资店',
    });
    // 100.5 × 2.85 = 286.425 → 286.43; seed takes the catalogue price 35 × 3; film has no price.
    expect(doc.lines?.map((l) => [l.inputName, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['尿素', 100.5, 2.85, 286.43],
      ['黄瓜种子', 3, 35, 105],
      ['地膜', 2, null, null],
    ]);
    expect(doc.totalAmount).toBe(391.43);
    expect(await expectConsistent(ids.base, ids.urea)).toBe(100.5);
    const [m] = await h.record(ids.base, ids.urea);
    expect(m).toMatchObject({
      quantity: 100.5,
      balanceAfter: 100.5,
      sourceType: 'warehousing',
      sourceId: doc.docId,
      sourceCode: doc.docCode,
      sourceExists: true,
    });
    const second = (await receipt([{ inputId: ids.urea, quantity: 1 }])).json() as AgriDoc;
    expect(second.docCode).toBe(`RK-${todayIn(ZONE).replaceAll('-', '')}-002`);

    const stock = await h.ok<Page<AgriStock>>(
      'viewer',
      'GET',
      `agricultural/stock?areaId=${ids.base}&inputName=尿素`,
    );
    expect(stock.content[0]).toMatchObject({
      stockKey: `${ids.base}-${ids.urea}`,
      inputName: '尿素',
      unit: 'kg',
      price: 2.8,
      quantity: 101.5,
      stockValue: 284.2,
    });
  });

  it('a shipment larger than the stock is a 409 naming input, base, available and requested; nothing changes', async () => {
    const before = await h.stock(ids.base, ids.seed);
    const docs = (await h.ok<Page<AgriDoc>>('viewer', 'GET', 'agricultural/shipment?size=0')).totalElements;
    const res = await issue([
      { inputId: ids.urea, quantity: 1 },
      { inputId: ids.seed, quantity: before + 1 },
    ]);
    expect(res.statusCode).toBe(409);
    const err = res.json() as ErrorBody;
    expect(err.code).toBe('wfpf.agricultural.insufficientStock');
    expect(err.message).toContain('黄瓜种子');
    expect(err.message).toContain('示范基地');
    expect(err.message).toContain(`${before} 袋`);
    expect(err.message).toContain(`${before + 1} 袋`);
    expect(await h.stock(ids.base, ids.seed)).toBe(before);
    expect(await h.stock(ids.base, ids.urea)).toBe(101.5);
    expect((await h.ok<Page<AgriDoc>>('viewer', 'GET', 'agricultural/shipment?size=0')).totalElements).toBe(
      docs,
    );
    // Another base holds nothing.
    expect((await issue([{ inputId: ids.urea, quantity: 1 }], { areaId: ids.base2 })).statusCode).toBe(409);
  });

  it('a shipment takes stock out; editing and deleting it moves the difference back', async () => {
    const res = await issue([{ inputId: ids.urea, quantity: 50 }], { counterparty: '1 号大棚' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as AgriDoc;
    expect(doc.docCode).toMatch(/^CK-\d{8}-001$/);
    expect(await expectConsistent(ids.base, ids.urea)).toBe(51.5);

    const edited = await h.ok<AgriDoc>('admin', 'PUT', 'agricultural/shipment', {
      docId: doc.docId,
      objectVersionNumber: doc.objectVersionNumber,
      areaId: ids.base,
      docDate: '2025-03-02',
      lines: [{ inputId: ids.urea, quantity: 60 }],
    });
    expect(edited.objectVersionNumber).toBe(2);
    expect(await expectConsistent(ids.base, ids.urea)).toBe(41.5);
    const types = (await h.record(ids.base, ids.urea)).slice(0, 3).map((m) => m.sourceType);
    expect(types.sort()).toEqual(['shipment', 'shipment', 'shipment_reversal']);

    // More than there is: refused, the document and stock stay as they were.
    const tooMuch = await h.call('admin', 'PUT', 'agricultural/shipment', {
      docId: doc.docId,
      objectVersionNumber: 2,
      areaId: ids.base,
      docDate: '2025-03-02',
      lines: [{ inputId: ids.urea, quantity: 102 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await h.stock(ids.base, ids.urea)).toBe(41.5);
    expect(
      (await h.ok<AgriDoc>('viewer', 'GET', `agricultural/shipment/${doc.docId}`)).lines?.[0]?.quantity,
    ).toBe(60);

    // A header-only edit leaves the record alone.
    const moves = (await h.record(ids.base, ids.urea)).length;
    await h.ok('admin', 'PUT', 'agricultural/shipment', {
      docId: doc.docId,
      objectVersionNumber: 2,
      areaId: ids.base,
      docDate: '2025-03-02',
      remark: '只改备注',
      lines: [{ inputId: ids.urea, quantity: 60 }],
    });
    expect((await h.record(ids.base, ids.urea)).length).toBe(moves);

    expect(await h.ok('admin', 'DELETE', `agricultural/shipment/${doc.docId}`)).toEqual({ success: true });
    expect(await expectConsistent(ids.base, ids.urea)).toBe(101.5);
    expect((await h.call('viewer', 'GET', `agricultural/shipment/${doc.docId}`)).statusCode).toBe(404);
    const [last] = await h.record(ids.base, ids.urea);
    expect(last).toMatchObject({ sourceType: 'shipment_reversal', quantity: 60, sourceExists: false });
  });

  it('editing or deleting a receipt below what was already shipped is refused; nothing changes', async () => {
    const r = (await receipt([{ inputId: ids.seed, quantity: 10 }], { areaId: ids.base2 })).json() as AgriDoc;
    await h.ok('admin', 'POST', 'agricultural/shipment', {
      areaId: ids.base2,
      docDate: '2025-03-03',
      lines: [{ inputId: ids.seed, quantity: 8 }],
    });
    expect(await h.stock(ids.base2, ids.seed)).toBe(2);
    const down = await h.call('admin', 'PUT', 'agricultural/warehousing', {
      docId: r.docId,
      objectVersionNumber: 1,
      areaId: ids.base2,
      docDate: '2025-03-01',
      lines: [{ inputId: ids.seed, quantity: 5 }],
    });
    expect(down.statusCode).toBe(409);
    const msg = (down.json() as ErrorBody).message;
    expect(msg).toContain('第二基地');
    expect(msg).toContain('2 袋');
    expect(msg).toContain('5 袋'); // the edit would take 5 out
    // Moving the receipt to another base is the same as taking all 10 out of this one.
    const moved = await h.call('admin', 'PUT', 'agricultural/warehousing', {
      docId: r.docId,
      objectVersionNumber: 1,
      areaId: ids.base,
      docDate: '2025-03-01',
      lines: [{ inputId: ids.seed, quantity: 10 }],
    });
    expect(moved.statusCode).toBe(409);
    expect((await h.call('admin', 'DELETE', `agricultural/warehousing/${r.docId}`)).statusCode).toBe(409);
    expect(await expectConsistent(ids.base2, ids.seed)).toBe(2);
    expect(
      (await h.ok<AgriDoc>('viewer', 'GET', `agricultural/warehousing/${r.docId}`)).objectVersionNumber,
    ).toBe(1);
    // Raising it is fine.
    await h.ok('admin', 'PUT', 'agricultural/warehousing', {
      docId: r.docId,
      objectVersionNumber: 1,
      areaId: ids.base2,
      docDate: '2025-03-01',
      lines: [{ inputId: ids.seed, quantity: 12.125 }],
    });
    expect(await expectConsistent(ids.base2, ids.seed)).toBe(4.125);
  });

  it('refuses bad documents with a 400 and stores nothing', async () => {
    const before = await h.stock(ids.base, ids.urea);
    const dup = await receipt([
      { inputId: ids.urea, quantity: 1 },
      { inputId: ids.urea, quantity: 2 },
    ]);
    expect(dup.statusCode).toBe(400);
    expect((dup.json() as ErrorBody).message).toBe(
      'The same agricultural input cannot be selected twice: 尿素',
    );
    const bad: [string, unknown][] = [
      ['no lines', []],
      ['zero quantity', [{ inputId: ids.urea, quantity: 0 }]],
      ['negative quantity', [{ inputId: ids.urea, quantity: -1 }]],
      ['4 decimals', [{ inputId: ids.urea, quantity: 1.0001 }]],
      ['3-decimal price', [{ inputId: ids.urea, quantity: 1, unitPrice: 1.001 }]],
      ['price over 99999', [{ inputId: ids.urea, quantity: 1, unitPrice: 100000 }]],
      ['101 lines', Array.from({ length: 101 }, (_, i) => ({ inputId: i + 1, quantity: 1 }))],
      ['unknown input', [{ inputId: 999999, quantity: 1 }]],
      ["tenant B's input", [{ inputId: ids.inputB, quantity: 1 }]],
    ];
    for (const [label, lines] of bad) {
      const res = await h.call('admin', 'POST', 'agricultural/warehousing', {
        areaId: ids.base,
        docDate: '2025-03-01',
        lines,
      });
      expect(res.statusCode, label).toBe(400);
      expect((res.json() as ErrorBody).message, label).toBeTruthy();
    }
    for (const extra of [
      { areaId: 999999 },
      { areaId: ids.baseB },
      { docDate: '2025-02-30' },
      { docCode: 'RK 1' },
    ]) {
      const res = await receipt([{ inputId: ids.urea, quantity: 1 }], extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const disabled = await h.input({ enabledFlag: 0 });
    expect((await receipt([{ inputId: disabled.inputId, quantity: 1 }])).statusCode).toBe(400);
    expect(await h.stock(ids.base, ids.urea)).toBe(before);
    // A given code is kept; the same code again is a 409.
    const named = await receipt([{ inputId: ids.urea, quantity: 1 }], { docCode: 'RK-MANUAL-1' });
    expect((named.json() as AgriDoc).docCode).toBe('RK-MANUAL-1');
    expect((await receipt([{ inputId: ids.urea, quantity: 1 }], { docCode: 'RK-MANUAL-1' })).statusCode).toBe(
      409,
    );
  });

  it('lists with code, base and date filters; the stock page filters zero and low stock', async () => {
    await receipt([{ inputId: ids.film, quantity: 1 }], { docDate: '2024-12-31' });
    const all = await h.ok<Page<AgriDoc>>('viewer', 'GET', 'agricultural/warehousing?size=0');
    expect(all.content[0]?.lines).toBeUndefined();
    const dated = await h.ok<Page<AgriDoc>>(
      'viewer',
      'GET',
      'agricultural/warehousing?startDate=2024-12-01&endDate=2024-12-31',
    );
    expect(dated.content.map((d) => d.docDate)).toEqual(['2024-12-31']);
    const byBase = await h.ok<Page<AgriDoc>>('viewer', 'GET', `agricultural/warehousing?areaId=${ids.base2}`);
    expect(byBase.content.every((d) => d.areaId === ids.base2)).toBe(true);
    const byCode = await h.ok<Page<AgriDoc>>('viewer', 'GET', 'agricultural/warehousing?docCode=manual');
    expect(byCode.content.map((d) => d.docCode)).toEqual(['RK-MANUAL-1']);
    expect(
      (await h.call('viewer', 'GET', 'agricultural/warehousing?startDate=2025-02-01&endDate=2025-01-01'))
        .statusCode,
    ).toBe(400);

    // base2 seed: 4.125 (low below 10); a fresh zero stock after receiving and shipping everything.
    const zero = (
      await receipt([{ inputId: ids.film, quantity: 1 }], { areaId: ids.base2 })
    ).json() as AgriDoc;
    await h.ok('admin', 'POST', 'agricultural/shipment', {
      areaId: ids.base2,
      docDate: '2025-03-04',
      lines: [{ inputId: ids.film, quantity: 1 }],
    });
    void zero;
    const zeros = await h.ok<Page<AgriStock>>('viewer', 'GET', `agricultural/stock?size=0&stockState=zero`);
    expect(zeros.content.map((r) => r.stockKey)).toEqual([`${ids.base2}-${ids.film}`]);
    const low = await h.ok<Page<AgriStock>>(
      'viewer',
      'GET',
      `agricultural/stock?size=0&stockState=low&areaId=${ids.base2}`,
    );
    expect(low.content.map((r) => r.stockKey)).toEqual([`${ids.base2}-${ids.seed}`]);
    const seeds = await h.ok<Page<AgriStock>>('viewer', 'GET', 'agricultural/stock?size=0&category=seed');
    expect(seeds.content.length).toBeGreaterThan(0);
  });

  it('10 concurrent shipments against a stock covering 6 of them: exactly 6 succeed, stock = record ≥ 0', async () => {
    const input = (await h.input({ inputName: '吡虫啉', unit: '瓶' })).inputId;
    await h.ok('admin', 'POST', 'agricultural/warehousing', {
      areaId: ids.base,
      docDate: '2025-03-05',
      lines: [{ inputId: input, quantity: 30 }],
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => issue([{ inputId: input, quantity: 5 }])),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(await expectConsistent(ids.base, input)).toBe(0);
    const docCodes = results.filter((r) => r.statusCode === 200).map((r) => (r.json() as AgriDoc).docCode);
    expect(new Set(docCodes).size).toBe(6);
  });

  it('stale versions are a 409; viewers get 403 on writes; another tenant sees nothing', async () => {
    const doc = (await receipt([{ inputId: ids.urea, quantity: 1 }])).json() as AgriDoc;
    const body = {
      docId: doc.docId,
      objectVersionNumber: 1,
      areaId: ids.base,
      docDate: '2025-03-01',
      lines: [{ inputId: ids.urea, quantity: 2 }],
    };
    await h.ok('admin', 'PUT', 'agricultural/warehousing', body);
    const stale = await h.call('admin', 'PUT', 'agricultural/warehousing', {
      ...body,
      lines: [{ inputId: ids.urea, quantity: 3 }],
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as ErrorBody).code).toBe('error.objectVersionNumber.stale');
    expect(
      (await h.call('admin', 'DELETE', `agricultural/warehousing/${doc.docId}?objectVersionNumber=1`))
        .statusCode,
    ).toBe(409);

    for (const type of ['warehousing', 'shipment']) {
      expect(
        (
          await h.call('viewer', 'POST', `agricultural/${type}`, {
            areaId: ids.base,
            docDate: '2025-03-01',
            lines: [{ inputId: ids.urea, quantity: 1 }],
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await h.call('viewer', 'PUT', `agricultural/${type}`, { ...body, objectVersionNumber: 2 }))
          .statusCode,
      ).toBe(403);
      expect((await h.call('viewer', 'DELETE', `agricultural/${type}/${doc.docId}`)).statusCode).toBe(403);
    }
    // The shipment route does not reach receipts.
    expect((await h.call('admin', 'GET', `agricultural/shipment/${doc.docId}`)).statusCode).toBe(404);

    const B = h.tB;
    expect(
      (await h.call('adminB', 'GET', `agricultural/warehousing/${doc.docId}`, undefined, B)).statusCode,
    ).toBe(404);
    expect(
      (
        await h.call(
          'adminB',
          'PUT',
          'agricultural/warehousing',
          {
            ...body,
            objectVersionNumber: 2,
            areaId: ids.baseB,
            lines: [{ inputId: ids.inputB, quantity: 1 }],
          },
          B,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await h.call('adminB', 'DELETE', `agricultural/warehousing/${doc.docId}`, undefined, B)).statusCode,
    ).toBe(404);
    const stockB = await h.ok<Page<AgriStock>>('adminB', 'GET', 'agricultural/stock?size=0', undefined, B);
    expect(stockB.totalElements).toBe(0);
    const recB = await h.ok<Page<unknown>>(
      'adminB',
      'GET',
      `agricultural/stock/record?areaId=${ids.base}&inputId=${ids.urea}`,
      undefined,
      B,
    );
    expect(recB.totalElements).toBe(0);
    expect((await h.call('adminB', 'GET', 'agricultural/stock', undefined, h.tA)).statusCode).toBe(403);
    expect(await h.stock(ids.base, ids.urea)).toBeGreaterThan(0);
  });
});

describe("document codes follow the tenant's time zone", () => {
  it("in America/New_York, a document code carries New York's day", async () => {
    const at = splitInstant();
    const { newYork } = daysAt(at);
    await setTenantZone(h.s, h.tok.adminB, h.tB, NEW_YORK);
    try {
      const res = await atInstant(at, async () =>
        h.s.inject({
          method: 'POST',
          url: `/wfpf/v1/${h.tB}/agricultural/warehousing`,
          headers: auth(await login(h.s, 'adminB')),
          payload: { areaId: ids.baseB, docDate: newYork, lines: [{ inputId: ids.inputB, quantity: 1 }] },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as AgriDoc).docCode).toMatch(
        new RegExp(`^RK-${newYork.replaceAll('-', '')}-\\d{3}$`),
      );
    } finally {
      await setTenantZone(h.s, h.tok.adminB, h.tB, SHANGHAI);
    }
  });
});
