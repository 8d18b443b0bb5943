import type { InvBusiness } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReferenceCheck } from '../../reference/index.js';
import { type InvHarness, invHarness, type Page } from '../../unit/__tests__/inv-base-helpers.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

const codes = async (query: string) =>
  (await h.ok<Page<InvBusiness>>('admin', 'GET', `inventory/businesses?size=0&${query}`)).content
    .map((b) => b.businessCode)
    .sort();

describe('counterparties (base/businesses)', () => {
  it('adds suppliers, customers and both; a category filter also answers both', async () => {
    const sup = await h.ok<InvBusiness>('admin', 'POST', 'inventory/businesses', {
      businessCode: 'SUP_1',
      businessName: '广东天禾农资',
      category: 'supplier',
      bankName: '工商银行番禺支行',
      bankAccount: '3602 0001 0920 0123 456',
      taxNo: '91440101ma5cxxxx1a',
      contactName: '刘志明',
      contactPhone: '13800138001',
    });
    expect(sup).toMatchObject({
      bankAccount: '3602000109200123456',
      taxNo: '91440101MA5CXXXX1A',
      enabledFlag: 1,
    });
    await h.ok('admin', 'POST', 'inventory/businesses', {
      businessCode: 'CUS_1',
      businessName: '钱大妈',
      category: 'customer',
    });
    await h.ok('admin', 'POST', 'inventory/businesses', {
      businessCode: 'BOTH_1',
      businessName: '惠农合作社',
      category: 'both',
    });
    expect(await codes('category=supplier')).toEqual(['BOTH_1', 'SUP_1']);
    expect(await codes('category=customer')).toEqual(['BOTH_1', 'CUS_1']);
    expect(await codes('category=both')).toEqual(['BOTH_1']);
    expect(await codes(`keyword=${encodeURIComponent('天禾')}`)).toEqual(['SUP_1']);
    expect(await codes('keyword=cus')).toEqual(['CUS_1']);
    const off = await h.ok<InvBusiness>('admin', 'PUT', `inventory/businesses/${sup.id}`, {
      ...sup,
      enabledFlag: 0,
    });
    expect(off.enabledFlag).toBe(0);
    expect(await codes('enabledFlag=0')).toEqual(['SUP_1']);
  });

  it('refuses bad input naming the field and duplicates with 409', async () => {
    const good = { businessCode: 'NEW_1', businessName: '新单位', category: 'supplier' };
    for (const [field, bad] of [
      ['businessCode', { businessCode: 'NEW 1' }],
      ['businessName', { businessName: '   ' }],
      ['category', { category: 'partner' }],
      ['taxNo', { taxNo: '9144-0101' }],
      ['contactPhone', { contactPhone: 'abc' }],
    ] as const) {
      const err = await h.refused(400, undefined, 'admin', 'POST', 'inventory/businesses', {
        ...good,
        ...bad,
      });
      expect(err.message).toContain(field);
    }
    await h.refused(409, 'wfpf.inventory.business.codeExists', 'admin', 'POST', 'inventory/businesses', {
      ...good,
      businessCode: 'SUP_1',
    });
    await h.refused(409, 'wfpf.inventory.business.nameExists', 'admin', 'POST', 'inventory/businesses', {
      ...good,
      businessName: '钱大妈',
    });
  });

  it('refuses deleting a counterparty a document names; deletes it otherwise; tenants are apart', async () => {
    const b = await h.ok<InvBusiness>('admin', 'POST', 'inventory/businesses', {
      businessCode: 'REF_1',
      businessName: '被引用单位',
      category: 'customer',
    });
    registerReferenceCheck('business', 'test-docs', async (_ctx, id) => (id === b.id ? '3 documents' : null));
    const err = await h.refused(
      409,
      'wfpf.inventory.business.inUse',
      'admin',
      'DELETE',
      `inventory/businesses/${b.id}`,
    );
    expect(err.message).toContain('3 documents');
    await h.refused(404, undefined, 'adminB', 'GET', `inventory/businesses/${b.id}`, undefined, h.tB);
    const c = await h.ok<InvBusiness>('admin', 'POST', 'inventory/businesses', {
      businessCode: 'GONE_1',
      businessName: '待删单位',
      category: 'customer',
    });
    await h.refused(
      409,
      'error.objectVersionNumber.stale',
      'admin',
      'DELETE',
      `inventory/businesses/${c.id}?objectVersionNumber=5`,
    );
    await h.ok('admin', 'DELETE', `inventory/businesses/${c.id}?objectVersionNumber=1`);
    await h.refused(404, 'wfpf.inventory.business.notFound', 'admin', 'GET', `inventory/businesses/${c.id}`);
  });
});
