import type { Db } from '../../../../platform/db/client.js';
import { addDays } from '../../../../platform/time/zone.js';
import { type LedgerPosting, postLedger } from '../../../stock/ledger/index.js';
import { invOptions } from '../../option/index.js';
import { invProducts, invSkus, invStockLimits } from '../../product/index.js';
import { invWarehouses } from '../../store/index.js';
import { invUnits } from '../../unit/index.js';

// Stock built straight through the ledger engine (documents are another part's): two warehouses in two
// bases, two products with three SKUs, lots with expiry, a transfer in transit, and movements over
// December 2025 – February 2026 plus a few dated relative to today for the slow-mover report.

export interface Ids {
  w1: number;
  w2: number;
  p1: number;
  p2: number;
  s1: number;
  s2: number;
  s3: number;
}

/** The id of the i-th row a multi-row insert returned. */
const at = (rows: { id: number }[], i: number): number => {
  const row = rows[i];
  if (!row) throw new Error(`insert returned no row ${i}`);
  return row.id;
};

export const seedReportData = async (
  db: Db,
  tenantId: number,
  areas: { north: number; south: number },
  today: string,
): Promise<Ids> => {
  const units = await db
    .insert(invUnits)
    .values({ tenantId, unitName: 'kg', unitCode: 'kg' })
    .returning({ id: invUnits.id });
  const u = at(units, 0);
  const stores = await db
    .insert(invWarehouses)
    .values([
      { tenantId, warehouseCode: 'W1', warehouseName: 'North store', areaId: areas.north },
      { tenantId, warehouseCode: 'W2', warehouseName: 'South store', areaId: areas.south },
    ])
    .returning({ id: invWarehouses.id });
  const product = (productCode: string, productName: string) => ({
    tenantId,
    productCode,
    productName,
    productType: 'goods',
    stockUnitId: u,
    purchaseUnitId: u,
    retailUnitId: u,
    tracksLot: 1,
  });
  const products = await db
    .insert(invProducts)
    .values([product('P001', 'Apple'), product('P002', 'Rice')])
    .returning({ id: invProducts.id });
  const [p1, p2] = [at(products, 0), at(products, 1)];
  const skus = await db
    .insert(invSkus)
    .values([
      { tenantId, productId: p1, skuCode: 'P001-A', skuName: 'Grade A' },
      { tenantId, productId: p1, skuCode: 'P001-B', skuName: 'Grade B' },
      { tenantId, productId: p2, skuCode: 'P002', skuName: '' },
    ])
    .returning({ id: invSkus.id });
  const ids: Ids = {
    w1: at(stores, 0),
    w2: at(stores, 1),
    p1,
    p2,
    s1: at(skus, 0),
    s2: at(skus, 1),
    s3: at(skus, 2),
  };
  await db.insert(invStockLimits).values([
    { tenantId, skuId: ids.s1, warehouseId: ids.w1, productId: ids.p1, minQty: '50' },
    { tenantId, skuId: ids.s3, warehouseId: ids.w2, productId: ids.p2, maxQty: '10' },
  ]);
  await db.insert(invOptions).values({ tenantId, quantityDecimals: 3, expiryWarnDays: 30 });

  const area = (w: number) => (w === ids.w1 ? areas.north : areas.south);
  let n = 0;
  const mv = (
    w: number,
    sku: number,
    docDate: string,
    quantity: string,
    extra: Partial<LedgerPosting> = {},
  ): LedgerPosting => {
    n += 1;
    const inbound = !quantity.startsWith('-');
    return {
      book: 'inv',
      warehouseId: w,
      productId: sku,
      quantity,
      areaId: area(w),
      sourceType: inbound ? 'warehousing' : 'shipment',
      sourceId: 1000 + n,
      sourceLineId: 5000 + n,
      sourceCode: `${inbound ? 'RK' : 'CK'}${n}`,
      docDate,
      ...extra,
    };
  };
  const post = async (ps: LedgerPosting[]) => {
    const r = await postLedger(db, tenantId, null, ps, { allowNegative: () => false });
    if (!r.ok) throw new Error(`seed posting refused: ${JSON.stringify(r.shortage)}`);
  };
  // In posting order, each its own document.
  await post([
    mv(ids.w1, ids.s1, '2025-12-15', '100', { lotNo: 'L1', unitCost: '2', expiryDate: addDays(today, 5) }),
  ]);
  await post([
    mv(ids.w2, ids.s2, '2026-01-05', '7', { lotNo: 'L9', unitCost: '1', expiryDate: addDays(today, -10) }),
  ]);
  await post([
    mv(ids.w1, ids.s1, '2026-01-10', '50', { lotNo: 'L2', unitCost: '4', expiryDate: addDays(today, 100) }),
  ]);
  await post([mv(ids.w2, ids.s3, '2026-01-15', '20', { unitCost: '10' })]);
  await post([mv(ids.w1, ids.s1, '2026-01-20', '-80', { lotNo: 'L1' })]);
  await post([mv(ids.w1, ids.s1, '2026-02-05', '-30', { lotNo: 'L2' })]);
  // A transfer's outbound leg: out of W2's stock, into transit at W1 (not available anywhere).
  await post([
    mv(ids.w2, ids.s3, '2026-02-10', '-5', { sourceType: 'shipment', sourceCode: 'CK-T1' }),
    mv(ids.w1, ids.s3, '2026-02-10', '5', {
      location: 'transit',
      unitCost: '10',
      sourceType: 'shipment',
      sourceCode: 'CK-T1',
    }),
  ]);
  // Recent activity: W1 Grade B moved 3 days ago; W2 Grade A arrived 2 days ago.
  await post([mv(ids.w1, ids.s2, addDays(today, -200), '10', { unitCost: '3' })]);
  await post([mv(ids.w1, ids.s2, addDays(today, -3), '-2')]);
  await post([mv(ids.w2, ids.s1, addDays(today, -2), '5', { unitCost: '2' })]);
  return ids;
};
