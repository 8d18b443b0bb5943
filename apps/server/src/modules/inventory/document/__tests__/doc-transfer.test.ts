import type { ApprovalNode } from '@tilth/contracts';
import type { InvAdjustAnswer, InvLegsAnswer } from '@tilth/contracts/inventory.document.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { docHarness, type InvConvertAnswer } from './doc-helpers.js';

// Transfers through transit, outbounds to an own warehouse, stocktakes with approval, and a bound flow
// keeping stock unmoved until the last approve.

let h: Awaited<ReturnType<typeof docHarness>>;
const ids = { operator: 0, viewer: 0 };
const step = (id: string, userId: number): ApprovalNode => ({
  id,
  kind: 'approval',
  name: id,
  mode: 'single',
  assignees: [{ type: 'user', userIds: [userId] }],
});

beforeAll(async () => {
  h = await docHarness();
  ids.operator = h.s.fixtures.users.operatorA.id;
  ids.viewer = h.s.fixtures.users.viewerA.id;
  await bindModel(h.s, h.tA, 'inv_stocktake', { node: step('one', ids.operator) });
});
afterAll(async () => h.s.close());

const line = (skuId: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  skuId,
  unitId: h.a.pcs,
  quantity,
  ...extra,
});

describe('transfers', () => {
  it('legs move stock into transit at the destination, counted in neither warehouse until received', async () => {
    await h.receive(h.a.w1, h.a.apple, 20);
    const t = await h.create({
      docType: 'transfer',
      warehouseId: h.a.w1,
      toWarehouseId: h.a.w2,
      submit: true,
      lines: [line(h.a.apple, 10)],
    });
    expect(t).toMatchObject({ auditState: 'approved', bizType: 'transfer', toWarehouseName: '二号仓' });
    const legs = await h.ok<InvLegsAnswer>('admin', 'POST', `documents/${t.id}/legs`, {});
    expect(legs.outbound).toMatchObject({
      docType: 'shipment',
      auditState: 'approved',
      warehouseId: h.a.w1,
      toWarehouseId: h.a.w2,
    });
    expect(legs.inbound).toMatchObject({
      docType: 'warehousing',
      auditState: 'approved',
      warehouseId: h.a.w2,
      bizType: 'transfer',
    });
    expect((await h.get(t.id)).children.map((c) => c.id).sort()).toEqual(
      [legs.outbound.id, legs.inbound.id].sort(),
    );
    await h.fail(409, 'admin', 'POST', `documents/${t.id}/legs`, {});

    // Receiving before anything was shipped: nothing in transit.
    await h.fail(409, 'admin', 'POST', `documents/${legs.inbound.id}/execute`, {
      objectVersionNumber: legs.inbound.objectVersionNumber,
      lines: [{ lineId: legs.inbound.lines[0]?.id, quantity: 1 }],
    });
    await h.executeAll(legs.outbound);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(10);
    expect(await h.held(h.a.w2, h.a.apple)).toBe(0);
    expect(await h.held(h.a.w2, h.a.apple, 'transit')).toBe(10);
    expect(await h.held(h.a.w1, h.a.apple, 'transit')).toBe(0);

    const part = await h.ok('admin', 'POST', `documents/${legs.inbound.id}/execute`, {
      objectVersionNumber: legs.inbound.objectVersionNumber,
      lines: [{ lineId: legs.inbound.lines[0]?.id, quantity: 4 }],
    });
    expect(await h.held(h.a.w2, h.a.apple)).toBe(4);
    expect(await h.held(h.a.w2, h.a.apple, 'transit')).toBe(6);
    expect(await h.get(t.id)).toMatchObject({ execState: 'partial' });
    await h.fail(409, 'admin', 'POST', `documents/${legs.inbound.id}/execute`, {
      objectVersionNumber: part.objectVersionNumber,
      lines: [{ lineId: legs.inbound.lines[0]?.id, quantity: 7 }],
    });
    await h.executeAll(part);
    expect(await h.held(h.a.w2, h.a.apple)).toBe(10);
    expect(await h.held(h.a.w2, h.a.apple, 'transit')).toBe(0);
    expect(await h.get(t.id)).toMatchObject({ execState: 'done' });
  });

  it('an outbound to an own warehouse is received there by the receipt converted from it', async () => {
    const w1 = await h.held(h.a.w1, h.a.apple);
    const raw = await h.create({
      docType: 'shipment',
      warehouseId: h.a.w1,
      toWarehouseId: h.a.w2,
      lines: [line(h.a.apple, 3)],
    });
    expect(raw.bizType).toBe('transfer');
    await h.ok('admin', 'POST', `documents/${raw.id}/submit`, {});
    // A draft receipt from a shipment: only after it went out; and only at its destination.
    await h.fail(409, 'admin', 'GET', `documents/${raw.id}/convert?to=warehousing`);
    await h.executeAll(await h.get(raw.id));
    expect(await h.held(h.a.w2, h.a.apple, 'transit')).toBe(3);
    const pre = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${raw.id}/convert?to=warehousing`);
    expect(pre).toMatchObject({ warehouseId: h.a.w2, bizType: 'transfer' });
    await h.fail(400, 'admin', 'POST', 'documents', { ...pre, warehouseId: h.a.wNeg });
    const inb = await h.create({ ...pre, submit: true });
    await h.executeAll(inb);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(w1 - 3);
    expect(await h.held(h.a.w2, h.a.apple)).toBe(13);
    expect(await h.held(h.a.w2, h.a.apple, 'transit')).toBe(0);
    // A transfer receipt made by hand, with no outbound behind it, is refused.
    await h.fail(400, 'admin', 'POST', 'documents', {
      docType: 'warehousing',
      bizType: 'transfer',
      warehouseId: h.a.w2,
      lines: [line(h.a.apple, 1)],
    });
  });
});

describe('stocktakes', () => {
  it('captures the book, is rejected, edited, resubmitted, approved and adjusted once', async () => {
    const book = await h.held(h.a.w2, h.a.apple);
    const rows = await h.ok<{ skuId: number; bookQty: number }[]>(
      'admin',
      'GET',
      `stocktake/book?warehouseId=${h.a.w2}&skuIds=${h.a.apple}`,
    );
    expect(rows).toEqual([expect.objectContaining({ skuId: h.a.apple, bookQty: book, lotNo: '' })]);
    // The rows name what they count, so the form needs no second load; a SKU never held is at 0.
    const named = await h.ok<Record<string, unknown>[]>(
      'admin',
      'GET',
      `stocktake/book?warehouseId=${h.a.w2}&skuIds=${h.a.apple},${h.a.milk}`,
    );
    expect(named).toEqual([
      expect.objectContaining({
        skuId: h.a.apple,
        productName: '苹果',
        productCode: 'APPLE',
        skuCode: 'APPLE',
        stockUnitId: h.a.pcs,
        stockUnitName: '件',
      }),
      expect.objectContaining({ skuId: h.a.milk, productName: '牛奶', bookQty: 0, stockUnitName: '件' }),
    ]);
    const st = await h.create({
      docType: 'stocktake',
      warehouseId: h.a.w2,
      submit: true,
      lines: [line(h.a.apple, book - 2)],
    });
    expect(st).toMatchObject({ auditState: 'submitted' });
    expect(st.lines[0]).toMatchObject({ bookQty: book, diffQty: -2 });
    await h.fail(409, 'admin', 'POST', `documents/${st.id}/adjust`, {});
    await decide(h.s, h.tA, ids.operator, st.processId ?? 0, 'reject');
    const rejected = await h.get(st.id);
    expect(rejected.auditState).toBe('rejected');
    // Counted again: one more found, and a milk lot nobody booked.
    await h.receive(h.a.w2, h.a.milk, 1, { lotNo: 'M1', expiryDate: '2099-01-01' });
    const edited = await h.ok('admin', 'PUT', `documents/${st.id}`, {
      ...rejected,
      lines: [line(h.a.apple, book + 1), line(h.a.milk, 3, { lotNo: 'M1' })],
    });
    expect(edited.lines.map((l) => l.diffQty)).toEqual([1, 2]);
    const again = await h.ok('admin', 'POST', `documents/${st.id}/submit`, {
      objectVersionNumber: edited.objectVersionNumber,
    });
    expect(again.auditState).toBe('submitted');
    await decide(h.s, h.tA, ids.operator, again.processId ?? 0, 'approve');
    const adj = await h.ok<InvAdjustAnswer>('admin', 'POST', `documents/${st.id}/adjust`, {});
    expect(adj.outbound).toBeNull();
    expect(adj.inbound).toMatchObject({
      bizType: 'adjust',
      auditState: 'approved',
      execState: 'done',
      source: { id: st.id },
    });
    expect(adj.stocktake).toMatchObject({ execState: 'done' });
    expect(await h.held(h.a.w2, h.a.apple)).toBe(book + 1);
    expect(await h.held(h.a.w2, h.a.milk, 'stock', 'M1')).toBe(3);
    await h.fail(409, 'admin', 'POST', `documents/${st.id}/adjust`, {});

    // A loss goes out through an outbound, approved and executed at once.
    const loss = await h.create({ docType: 'stocktake', warehouseId: h.a.w2, lines: [line(h.a.apple, 0)] });
    await h.ok('admin', 'POST', `documents/${loss.id}/submit`, {});
    await decide(h.s, h.tA, ids.operator, (await h.get(loss.id)).processId ?? 0, 'approve');
    const adj2 = await h.ok<InvAdjustAnswer>('admin', 'POST', `documents/${loss.id}/adjust`, {});
    expect(adj2.inbound).toBeNull();
    expect(adj2.outbound).toMatchObject({ docType: 'shipment', bizType: 'adjust', execState: 'done' });
    expect(await h.held(h.a.w2, h.a.apple)).toBe(0);
  });
});

describe('approval flow', () => {
  it('a submitted outbound cannot ship until its last approve; then it ships', async () => {
    await bindModel(h.s, h.tA, 'inv_shipment', {
      node: { ...step('first', ids.operator), next: step('last', ids.viewer) },
    });
    const start = await h.held(h.a.w1, h.a.apple);
    const out = await h.create({
      docType: 'shipment',
      warehouseId: h.a.w1,
      submit: true,
      lines: [line(h.a.apple, 2)],
    });
    expect(out.auditState).toBe('submitted');
    const pid = out.processId ?? 0;
    const tryShip = async () =>
      h.call('admin', 'POST', `documents/${out.id}/execute`, {
        objectVersionNumber: (await h.get(out.id)).objectVersionNumber,
        lines: [{ lineId: out.lines[0]?.id, quantity: 2 }],
      });
    expect((await tryShip()).statusCode).toBe(409);
    await h.fail(409, 'admin', 'PUT', `documents/${out.id}`, out);
    await decide(h.s, h.tA, ids.operator, pid, 'approve');
    expect((await h.get(out.id)).auditState).toBe('submitted');
    expect((await tryShip()).statusCode).toBe(409);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start);
    await decide(h.s, h.tA, ids.viewer, pid, 'approve');
    expect((await h.get(out.id)).auditState).toBe('approved');
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start);
    expect((await tryShip()).statusCode).toBe(200);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(start - 2);
  });
});
