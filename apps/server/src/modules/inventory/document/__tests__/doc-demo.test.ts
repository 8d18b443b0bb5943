import type { Page } from '@tilth/contracts/common.types';
import type { InvDoc } from '@tilth/contracts/inventory.document.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { invBusinesses } from '../../business/index.js';
import { invProducts, invSkus } from '../../product/index.js';
import { invWarehouses } from '../../store/index.js';
import { invUnits } from '../../unit/index.js';
import { seedInventoryDocuments } from '../index.js';

// The demo documents, seeded over the codes parts A and B's demo rows use (written here directly).

let s: TestServer;
let T: number;
beforeAll(async () => {
  s = await startTestServer();
  T = s.fixtures.tenantA;
  await s.platform.database.withTenant(T, async (tx) => {
    const [pcs, box] = await tx
      .insert(invUnits)
      .values([
        { tenantId: T, unitName: '个', unitCode: 'PCS' },
        { tenantId: T, unitName: '箱', unitCode: 'BOX' },
      ])
      .returning();
    const u = { stockUnitId: pcs?.id ?? 0, purchaseUnitId: box?.id ?? 0, retailUnitId: pcs?.id ?? 0 };
    await tx.insert(invWarehouses).values([
      { tenantId: T, warehouseCode: 'WH_PY_MAIN', warehouseName: '番禺示范基地主仓' },
      { tenantId: T, warehouseCode: 'WH_NS_COLD', warehouseName: '南沙冷库' },
    ]);
    await tx.insert(invBusinesses).values([
      { tenantId: T, businessCode: 'SUP_TIANHE', businessName: '天禾', category: 'supplier' },
      { tenantId: T, businessCode: 'CUS_QIANDAMA', businessName: '钱大妈', category: 'customer' },
    ]);
    const ps = await tx
      .insert(invProducts)
      .values([
        {
          tenantId: T,
          productCode: 'PACK_BOX',
          productName: '包装箱',
          productType: 'material',
          ...u,
          purchaseFactor: '20',
        },
        {
          tenantId: T,
          productCode: 'SOY_500',
          productName: '有机酱油',
          productType: 'goods',
          ...u,
          purchaseFactor: '12',
        },
        {
          tenantId: T,
          productCode: 'GIFT_TOMATO',
          productName: '番茄礼盒',
          productType: 'goods',
          ...u,
          tracksLot: 1,
          tracksExpiry: 1,
        },
      ])
      .returning();
    await tx
      .insert(invSkus)
      .values(ps.map((p) => ({ tenantId: T, productId: p.id, skuCode: p.productCode })));
  });
  const ids = {
    demoTenant: T,
    secondTenant: s.fixtures.tenantB,
    users: { demo: s.fixtures.users.adminA.id },
  };
  await seedInventoryDocuments(s.platform.database, ids);
  // Idempotent: a second run adds nothing.
  await seedInventoryDocuments(s.platform.database, ids);
}, 180_000);
afterAll(async () => s.close());

describe('inventory documents demo', () => {
  it('has documents in every state the stock pages show', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${T}/inventory/documents?size=0`,
      headers: auth(await login(s, 'adminA')),
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = (res.json() as Page<InvDoc>).content;
    const find = (docType: string, pred: (d: InvDoc) => boolean = () => true) =>
      docs.filter((d) => d.docType === docType && pred(d));
    expect(find('purchase_request', (d) => d.execState === 'done')).toHaveLength(1);
    expect(find('purchase_request', (d) => d.auditState === 'draft')).toHaveLength(1);
    expect(find('warehousing', (d) => d.execState === 'partial')).toHaveLength(1);
    expect(find('transfer')).toHaveLength(1);
    expect(find('shipment', (d) => d.bizType === 'transfer' && d.execState === 'done')).toHaveLength(1);
    expect(find('warehousing', (d) => d.bizType === 'transfer' && d.execState === 'pending')).toHaveLength(1);
    expect(find('shipment', (d) => d.bizType === 'sale' && d.execState === 'done')).toHaveLength(1);
    expect(find('stocktake', (d) => d.execState === 'done')).toHaveLength(1);
    expect(find('shipment', (d) => d.bizType === 'adjust')).toHaveLength(1);
    expect(docs).toHaveLength(11);
  });
});
