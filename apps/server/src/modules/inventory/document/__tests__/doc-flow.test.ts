import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { asUser } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { referencesTo } from '../../reference/index.js';
import {
  docHarness,
  type InvConvertAnswer,
  type InvDoc,
  type InvDocDetail,
  type Page,
} from './doc-helpers.js';

// Purchase requests, receipts, shipments, returns and reversals through the API, including the refusals
// users rely on (over-receipt, over-execution, shortages, stale versions, bad input, other tenants).

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => h.s.close());

const count = async () => (await h.ok<Page<InvDoc>>('admin', 'GET', 'documents?size=0')).totalElements;

describe('purchase request → receipt', () => {
  it('converts with links both ways, refuses over-receipt, executes partly then the rest', async () => {
    const pr = await h.create({
      docType: 'purchase_request',
      warehouseId: h.a.w1,
      businessId: h.a.supplier,
      arrivalDate: '2099-01-01',
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.box, quantity: 2, unitPrice: 24 }],
    });
    expect(pr).toMatchObject({
      auditState: 'approved',
      execState: 'pending',
      totalAmount: 48,
      docType: 'purchase_request',
    });
    expect(pr.docCode).toMatch(/^CG\d{8}0001$/);
    expect(pr.lines[0]).toMatchObject({
      factor: 12,
      amount: 48,
      remainingQty: 2,
      unitName: '箱',
      productName: '苹果',
    });

    const pre = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${pr.id}/convert?to=warehousing`);
    expect(pre).toMatchObject({
      docType: 'warehousing',
      bizType: 'purchase',
      sourceDocId: pr.id,
      warehouseId: h.a.w1,
    });
    expect(pre.lines[0]).toMatchObject({ quantity: 2, unitId: h.a.box, sourceLineId: pr.lines[0]?.id });

    // Three boxes of a two-box request: refused, nothing written.
    const before = await count();
    const over = await h.call('admin', 'POST', 'documents', {
      ...pre,
      lines: pre.lines.map((l) => ({ ...l, quantity: 3 })),
    });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().code).toBe('wfpf.inventory.overConversion');
    expect(await count()).toBe(before);

    // The prefilled body as answered is a valid create body.
    const inb = await h.create({ ...pre, submit: true });
    expect(inb).toMatchObject({
      auditState: 'approved',
      execState: 'pending',
      source: { id: pr.id, docType: 'purchase_request' },
    });
    expect((await h.get(pr.id)).children).toEqual([
      expect.objectContaining({ id: inb.id, docType: 'warehousing' }),
    ]);
    expect((await h.get(pr.id)).lines[0]).toMatchObject({ convertedQty: 2, remainingQty: 0 });
    await h.fail(409, 'admin', 'GET', `documents/${pr.id}/convert?to=warehousing`);

    const line = inb.lines[0] as InvDocDetail['lines'][number];
    const part = await h.ok('admin', 'POST', `documents/${inb.id}/execute`, {
      objectVersionNumber: inb.objectVersionNumber,
      lines: [{ lineId: line.id, quantity: 0.5 }],
    });
    expect(part).toMatchObject({ execState: 'partial' });
    expect(part.lines[0]).toMatchObject({ doneQty: 0.5, remainingQty: 1.5 });
    expect(await h.held(h.a.w1, h.a.apple)).toBe(6);
    expect(await h.get(pr.id)).toMatchObject({ execState: 'partial' });

    // More than remains: refused; the old version: stale.
    const tooMuch = await h.call('admin', 'POST', `documents/${inb.id}/execute`, {
      objectVersionNumber: part.objectVersionNumber,
      lines: [{ lineId: line.id, quantity: 2 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('wfpf.inventory.overExecution');
    await h.fail(409, 'admin', 'POST', `documents/${inb.id}/execute`, {
      objectVersionNumber: inb.objectVersionNumber,
      lines: [{ lineId: line.id, quantity: 1 }],
    });

    const rest = await h.executeAll(part);
    expect(rest).toMatchObject({ execState: 'done' });
    expect(await h.held(h.a.w1, h.a.apple)).toBe(24);
    // 24.00 a box of 12: 2.00 a piece.
    expect(await h.worth(h.a.w1, h.a.apple)).toEqual({ value: 48, avgCost: 2 });
    const prAfter = await h.get(pr.id);
    expect(prAfter).toMatchObject({ execState: 'done' });
    expect(prAfter.lines[0]).toMatchObject({ doneQty: 2 });
  });

  it('requires lot and expiry on receipts of products that track them (400 naming the line), nothing saved', async () => {
    const before = await count();
    const body = {
      docType: 'warehousing',
      warehouseId: h.a.w1,
      lines: [{ skuId: h.a.milk, unitId: h.a.pcs, quantity: 1 }],
    };
    const noLot = await h.fail(400, 'admin', 'POST', 'documents', body);
    expect(noLot.message).toContain('lines[0].lotNo');
    const noExpiry = await h.fail(400, 'admin', 'POST', 'documents', {
      ...body,
      lines: [{ skuId: h.a.milk, unitId: h.a.pcs, quantity: 1, lotNo: 'L1' }],
    });
    expect(noExpiry.message).toContain('lines[0].expiryDate');
    expect(await count()).toBe(before);
    await h.receive(h.a.w1, h.a.milk, 5, { lotNo: 'L1', expiryDate: '2099-12-31' });
    expect(await h.held(h.a.w1, h.a.milk, 'stock', 'L1')).toBe(5);
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const before = await count();
    const line = { skuId: h.a.apple, unitId: h.a.pcs, quantity: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ ...line, quantity: 1.00001 }] }, 'quantity'],
      [{ lines: [{ ...line, unitPrice: 100000 }] }, 'unitPrice'],
      [{ lines: [{ ...line, unitPrice: 1.234 }] }, 'unitPrice'],
      [{ lines: [{ ...line, quantity: 0 }] }, 'lines[0].quantity'],
      [{ lines: [{ ...line, skuId: 999999 }] }, 'lines[0].skuId'],
      [{ lines: [{ ...line, skuId: h.a.old }] }, 'lines[0].skuId'],
      [{ lines: [{ ...line, unitId: 999999 }] }, 'lines[0].unitId'],
      [{ lines: [line, line] }, 'lines[1].skuId'],
      [{ lines: [] }, 'lines'],
      [{ toWarehouseId: h.a.w2, lines: [line] }, 'toWarehouseId'],
      [{ warehouseId: 999999, lines: [line] }, 'warehouseId'],
      [{ bizType: 'sale', lines: [line] }, 'bizType'],
      [{ businessId: 999999, lines: [line] }, 'businessId'],
      [{ bizType: 'purchase', businessId: h.a.customer, lines: [line] }, 'businessId'],
      [{ docDate: '2026-02-30', lines: [line] }, 'docDate'],
      [{ lines: [line], unknown: 1 }, 'unknown'],
      [{ lines: Array.from({ length: 201 }, () => line) }, 'at most 200 lines'],
    ];
    for (const [patch, field] of cases) {
      const res = await h.call('admin', 'POST', 'documents', {
        docType: 'warehousing',
        warehouseId: h.a.w1,
        ...patch,
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body, field).toContain(field);
    }
    // A warehouse from another tenant is no warehouse here.
    await h.fail(400, 'admin', 'POST', 'documents', {
      docType: 'warehousing',
      warehouseId: h.b.w1,
      lines: [line],
    });
    expect(await count()).toBe(before);
  });

  it("gives a 400's reason in the caller's language, naming the field in both", async () => {
    const body = {
      docType: 'warehousing',
      warehouseId: h.a.w1,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 0 }],
    };
    const inLang = async (lang: string) => {
      const res = await h.s.inject({
        method: 'POST',
        url: `/wfpf/v1/${h.tA}/inventory/documents`,
        headers: { ...auth(h.tok.admin), 'accept-language': lang },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      return res.json<{ code: string; message: string }>();
    };
    const zh = await inLang('zh-CN');
    expect(zh).toEqual({
      failed: true,
      code: 'wfpf.inventory.docInvalid.notPositive',
      message: 'lines[0].quantity：必须大于 0',
    });
    expect((await inLang('en-US')).message).toBe('lines[0].quantity: must be more than 0');
    // A reason with a parameter, in Chinese.
    const dis = await h.s.inject({
      method: 'POST',
      url: `/wfpf/v1/${h.tA}/inventory/documents`,
      headers: { ...auth(h.tok.admin), 'accept-language': 'zh-CN' },
      payload: { ...body, lines: [{ skuId: h.a.old, unitId: h.a.pcs, quantity: 1 }] },
    });
    expect(dis.json().message).toBe('lines[0].skuId：“旧货”已停用');
  });
});

describe('shipments', () => {
  it("blocks a short outbound at save, or saves it with a warning; posting follows the warehouse's flag", async () => {
    const start = await h.held(h.a.w1, h.a.apple);
    const body = {
      docType: 'shipment',
      warehouseId: h.a.w1,
      businessId: h.a.customer,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: start + 1 }],
    };
    const blocked = await h.fail(400, 'admin', 'POST', 'documents', body);
    expect(blocked.message).toContain('lines[0].quantity');
    await h.setPolicy('warn');
    const warned = await h.create({ ...body, submit: true });
    expect(warned.warnings?.[0]).toMatchObject({ lineNo: 1, available: start, requested: start + 1 });
    const short = await h.call('admin', 'POST', `documents/${warned.id}/execute`, {
      objectVersionNumber: warned.objectVersionNumber,
      lines: [{ lineId: warned.lines[0]?.id, quantity: start + 1 }],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'wfpf.inventory.insufficientStock' });
    expect(short.json().message).toContain('苹果');
    expect(short.json().message).toContain('一号仓');
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start);
    await h.setPolicy('block');
    // A warehouse that may go negative ships what it does not have.
    const neg = await h.create({ ...body, warehouseId: h.a.wNeg, submit: true });
    await h.executeAll(neg);
    expect(await h.held(h.a.wNeg, h.a.apple)).toBe(-(start + 1));
  });

  it('a customer return takes at most shipped − returned, and its receipt brings the goods back', async () => {
    const start = await h.held(h.a.w1, h.a.apple);
    const out = await h.create({
      docType: 'shipment',
      warehouseId: h.a.w1,
      businessId: h.a.customer,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 5, unitPrice: 9 }],
    });
    // Not shipped yet: nothing to return.
    await h.fail(409, 'admin', 'GET', `documents/${out.id}/convert?to=return`);
    await h.executeAll(out);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start - 5);
    const pre = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${out.id}/convert?to=return`);
    expect(pre).toMatchObject({ bizType: 'customer_return', businessId: h.a.customer });
    expect(pre.lines[0]?.quantity).toBe(5);
    const over = await h.call('admin', 'POST', 'documents', {
      ...pre,
      lines: pre.lines.map((l) => ({ ...l, quantity: 6 })),
    });
    expect(over.statusCode).toBe(409);
    const ret = await h.create({
      ...pre,
      lines: pre.lines.map((l) => ({ ...l, quantity: 2 })),
      submit: true,
    });
    expect((await h.get(out.id)).lines[0]).toMatchObject({ convertedQty: 2 });
    const back = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${ret.id}/convert?to=warehousing`);
    expect(back).toMatchObject({ bizType: 'customer_return', warehouseId: h.a.w1 });
    // A customer return does not go out to a supplier.
    await h.fail(409, 'admin', 'GET', `documents/${ret.id}/convert?to=shipment`);
    const inb = await h.create({ ...back, submit: true });
    await h.executeAll(inb);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start - 3);
    expect(await h.get(ret.id)).toMatchObject({ execState: 'done' });
  });

  it('a return to the supplier goes out through an outbound converted from it', async () => {
    const inb = await h.receive(h.a.w2, h.a.apple, 10);
    const pre = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${inb.id}/convert?to=return`);
    expect(pre.bizType).toBe('supplier_return');
    const ret = await h.create({
      ...pre,
      lines: pre.lines.map((l) => ({ ...l, quantity: 4 })),
      submit: true,
    });
    const out = await h.create({
      ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${ret.id}/convert?to=shipment`)),
      submit: true,
    });
    expect(out).toMatchObject({ bizType: 'supplier_return', docType: 'shipment' });
    await h.executeAll(out);
    expect(await h.held(h.a.w2, h.a.apple)).toBe(6);
    expect(await h.get(ret.id)).toMatchObject({ execState: 'done' });
  });
});

describe('reversal', () => {
  it('reverses an executed receipt with negative lines, once; refused where stock would go below zero', async () => {
    const start = await h.held(h.a.w2, h.a.apple);
    const inb = await h.receive(h.a.w2, h.a.apple, 7);
    const rev = await h.ok('admin', 'POST', `documents/${inb.id}/reverse`, {
      objectVersionNumber: inb.objectVersionNumber,
    });
    expect(rev).toMatchObject({
      docType: 'warehousing',
      auditState: 'approved',
      execState: 'done',
      reversalOf: { id: inb.id },
    });
    expect(rev.lines[0]).toMatchObject({ quantity: -7, doneQty: -7 });
    expect(await h.held(h.a.w2, h.a.apple)).toBe(start);
    const orig = await h.get(inb.id);
    expect(orig).toMatchObject({ reversedFlag: 1, reversedBy: { id: rev.id } });
    await h.fail(409, 'admin', 'POST', `documents/${inb.id}/reverse`, {
      objectVersionNumber: orig.objectVersionNumber,
    });
    await h.fail(409, 'admin', 'POST', `documents/${rev.id}/reverse`, {
      objectVersionNumber: rev.objectVersionNumber,
    });

    // Received 3, shipped them all: reversing the receipt would go below zero.
    const inb2 = await h.receive(h.a.w2, h.a.apple, 3);
    const out = await h.create({
      docType: 'shipment',
      warehouseId: h.a.w2,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: start + 3 }],
    });
    await h.executeAll(out);
    const refused = await h.fail(409, 'admin', 'POST', `documents/${inb2.id}/reverse`, {
      objectVersionNumber: inb2.objectVersionNumber,
    });
    expect(refused.code).toBe('wfpf.inventory.insufficientStock');
    expect(await h.get(inb2.id)).toMatchObject({ reversedFlag: 0 });
    // An executed outbound reversed puts the goods back.
    const outNow = await h.get(out.id);
    await h.ok('admin', 'POST', `documents/${out.id}/reverse`, {
      objectVersionNumber: outNow.objectVersionNumber,
    });
    expect(await h.held(h.a.w2, h.a.apple)).toBe(start + 3);
  });
});

describe('edits, deletes, access', () => {
  it('edits a draft with what GET answered, refuses stale versions and approved documents', async () => {
    const d = await h.create({
      docType: 'purchase_request',
      warehouseId: h.a.w1,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 1 }],
    });
    expect(d).toMatchObject({ auditState: 'draft', objectVersionNumber: 1 });
    const edited = await h.ok('admin', 'PUT', `documents/${d.id}`, {
      ...d,
      remark: 'more',
      lines: d.lines.map((l) => ({ ...l, quantity: 3 })),
    });
    expect(edited).toMatchObject({ remark: 'more', objectVersionNumber: 2, totalQuantity: 3 });
    await h.fail(409, 'admin', 'PUT', `documents/${d.id}`, { ...d, remark: 'stale' });
    expect((await h.get(d.id)).remark).toBe('more');
    const sub = await h.ok('admin', 'POST', `documents/${d.id}/submit`, { objectVersionNumber: 2 });
    expect(sub.auditState).toBe('approved');
    const locked = await h.fail(409, 'admin', 'PUT', `documents/${d.id}`, { ...sub, remark: 'late' });
    expect(locked.code).toBe('wfpf.inventory.docNotEditable');
    await h.fail(409, 'admin', 'DELETE', `documents/${d.id}`);
    await h.fail(409, 'admin', 'POST', `documents/${d.id}/submit`, {});
  });

  it('deleting a converted draft gives its quantity back to the source', async () => {
    const pr = await h.create({
      docType: 'purchase_request',
      warehouseId: h.a.w1,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 4 }],
    });
    const pre = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${pr.id}/convert?to=warehousing`);
    const child = await h.create(pre);
    expect((await h.get(pr.id)).lines[0]?.convertedQty).toBe(4);
    await h.ok('admin', 'DELETE', `documents/${child.id}?objectVersionNumber=1`);
    expect((await h.get(pr.id)).lines[0]?.convertedQty).toBe(0);
    await h.fail(404, 'admin', 'GET', `documents/${child.id}`);
  });

  it('another tenant sees nothing; a user without the page codes is refused', async () => {
    const d = await h.create({
      docType: 'purchase_request',
      warehouseId: h.a.w1,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 1 }],
    });
    const tB = h.tB;
    expect((await h.call('adminB', 'GET', `documents/${d.id}`, undefined, tB)).statusCode).toBe(404);
    expect((await h.call('adminB', 'DELETE', `documents/${d.id}`, undefined, tB)).statusCode).toBe(404);
    expect((await h.call('adminB', 'POST', `documents/${d.id}/submit`, {}, tB)).statusCode).toBe(404);
    const listB = await h.ok<Page<InvDoc>>('adminB', 'GET', 'documents?size=0', undefined, tB);
    expect(listB.totalElements).toBe(0);
    expect((await h.call('adminB', 'GET', `documents/${d.id}`)).statusCode).toBe(403);
    expect((await h.call('operator', 'GET', 'documents')).statusCode).toBe(403);
    expect(
      (
        await h.call('viewer', 'POST', 'documents', {
          docType: 'warehousing',
          warehouseId: h.a.w1,
          lines: [],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists with filters and pages', async () => {
    const page = await h.ok<Page<InvDoc>>('admin', 'GET', 'documents?docType=purchase_request&size=2&page=0');
    expect(page.size).toBe(2);
    expect(page.content.every((d) => d.docType === 'purchase_request')).toBe(true);
    expect(page.totalElements).toBeGreaterThan(2);
    const drafts = await h.ok<Page<InvDoc>>('admin', 'GET', 'documents?auditState=draft&size=0');
    expect(drafts.content.every((d) => d.auditState === 'draft')).toBe(true);
    const w2 = await h.ok<Page<InvDoc>>(
      'admin',
      'GET',
      `documents?warehouseId=${h.a.w2}&execState=done&size=0`,
    );
    expect(w2.content.length).toBeGreaterThan(0);
    expect(w2.content.every((d) => d.warehouseId === h.a.w2 && d.execState === 'done')).toBe(true);
    const code = page.content[0]?.docCode ?? '';
    const byCode = await h.ok<Page<InvDoc>>('admin', 'GET', `documents?docCode=${code.slice(-6)}&size=0`);
    expect(byCode.content.map((d) => d.docCode)).toContain(code);
    await h.fail(400, 'admin', 'GET', 'documents?dateFrom=2026-02-01&dateTo=2026-01-01');
  });

  it('names the documents that refer to warehouses, partners, SKUs, products and units', async () => {
    const refs = await asUser(h.s, h.tA, h.s.fixtures.users.adminA.id, async (ctx) => ({
      warehouse: await referencesTo(ctx, 'warehouse', h.a.w1),
      business: await referencesTo(ctx, 'business', h.a.supplier),
      sku: await referencesTo(ctx, 'sku', h.a.apple),
      product: await referencesTo(ctx, 'product', h.a.appleProduct),
      unit: await referencesTo(ctx, 'unit', h.a.box),
      unused: await referencesTo(ctx, 'sku', h.a.old),
    }));
    for (const k of ['warehouse', 'business', 'sku', 'product', 'unit'] as const) {
      // Other domains may name the row too (products name units): the documents' part is there.
      expect(refs[k], k).toMatch(/(^|; )\d+ documents?($|;)/);
    }
    expect(refs.unused).toBeNull();
  });
});
