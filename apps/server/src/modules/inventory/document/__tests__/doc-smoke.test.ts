import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHarness } from './doc-helpers.js';

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => h.s.close());

describe('smoke', () => {
  it('receives and ships', async () => {
    const r = await h.receive(h.a.w1, h.a.apple, 10);
    expect(r).toMatchObject({ auditState: 'approved', execState: 'done' });
    expect(await h.held(h.a.w1, h.a.apple)).toBe(10);
    const out = await h.create({
      docType: 'shipment',
      warehouseId: h.a.w1,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 4 }],
    });
    await h.executeAll(out);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(6);
  });
});
