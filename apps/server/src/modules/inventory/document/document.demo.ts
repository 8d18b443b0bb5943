import type { InvDocCreateBody, InvDocDetail } from '@tilth/contracts/inventory.document.types';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { invBusinesses } from '../business/index.js';
import { invProducts, invSkus } from '../product/index.js';
import { invWarehouses } from '../store/index.js';
import { InvExecService } from './document.execute.js';
import { InvDocService } from './document.service.js';
import { invDocuments } from './document.tables.js';

// Demo documents of 示范农场, through the services, so the stock pages have content: a purchase request
// received in full, a receipt stored in part, a transfer in transit, a sale shipped, a stocktake with a
// loss adjusted, and a draft. Needs parts A and B's demo rows (looked up by code; skipped without them).
// Idempotent: a tenant that has any inventory document is left alone.

interface Sku {
  skuId: number;
  stockUnitId: number;
  purchaseUnitId: number;
  tracksLot: boolean;
  tracksExpiry: boolean;
}

const skuByProductCode = async (db: Db, tenantId: number, codes: string[]): Promise<Map<string, Sku>> => {
  const rows = await db
    .select({ code: invProducts.productCode, sku: invSkus.id, p: invProducts })
    .from(invProducts)
    .innerJoin(
      invSkus,
      and(eq(invSkus.tenantId, invProducts.tenantId), eq(invSkus.productId, invProducts.id)),
    )
    .where(
      and(
        eq(invProducts.tenantId, tenantId),
        inArray(invProducts.productCode, codes),
        eq(invSkus.enabledFlag, 1),
      ),
    )
    .orderBy(asc(invSkus.id));
  const out = new Map<string, Sku>();
  for (const r of rows) {
    if (out.has(r.code)) continue;
    out.set(r.code, {
      skuId: r.sku,
      stockUnitId: r.p.stockUnitId,
      purchaseUnitId: r.p.purchaseUnitId,
      tracksLot: r.p.tracksLot === 1,
      tracksExpiry: r.p.tracksExpiry === 1,
    });
  }
  return out;
};

const idsByCode = async (db: Db, tenantId: number) => {
  const whs = await db
    .select({ id: invWarehouses.id, code: invWarehouses.warehouseCode })
    .from(invWarehouses)
    .where(eq(invWarehouses.tenantId, tenantId));
  const bs = await db
    .select({ id: invBusinesses.id, code: invBusinesses.businessCode })
    .from(invBusinesses)
    .where(eq(invBusinesses.tenantId, tenantId));
  return {
    wh: new Map(whs.map((w) => [w.code, w.id])),
    biz: new Map(bs.map((b) => [b.code, b.id])),
  };
};

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Seeds the demo tenant's documents (order: after the base data and products seeds). */
export const seedInventoryDocuments: DemoExtras = async (database, ids) => {
  await database.withTenant(ids.demoTenant, async (tx) => {
    const [has] = await tx
      .select({ n: count() })
      .from(invDocuments)
      .where(eq(invDocuments.tenantId, ids.demoTenant));
    if ((has?.n ?? 0) > 0) return;
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0) as TenantCtx;
    const { wh, biz } = await idsByCode(tx, ids.demoTenant);
    const main = wh.get('WH_PY_MAIN');
    const cold = wh.get('WH_NS_COLD');
    const skus = await skuByProductCode(tx, ids.demoTenant, ['PACK_BOX', 'SOY_500', 'GIFT_TOMATO']);
    const box = skus.get('PACK_BOX');
    const soy = skus.get('SOY_500');
    const gift = skus.get('GIFT_TOMATO');
    if (!main || !cold || !box || !soy || !gift) return;
    await seedDocs(
      ctx,
      { main, cold, supplier: biz.get('SUP_TIANHE'), customer: biz.get('CUS_QIANDAMA') },
      { box, soy, gift },
    );
  });
};

const seedDocs = async (
  ctx: TenantCtx,
  w: { main: number; cold: number; supplier: number | undefined; customer: number | undefined },
  s: { box: Sku; soy: Sku; gift: Sku },
) => {
  const docs = new InvDocService();
  const exec = new InvExecService();
  const line = (sku: Sku, quantity: number, unitPrice?: number, purchase = false) => ({
    skuId: sku.skuId,
    unitId: purchase ? sku.purchaseUnitId : sku.stockUnitId,
    quantity,
    ...(unitPrice === undefined ? {} : { unitPrice }),
    ...(sku.tracksLot ? { lotNo: 'DEMO-001' } : {}),
    ...(sku.tracksExpiry ? { expiryDate: daysAgo(-180) } : {}),
  });
  const create = (body: InvDocCreateBody) => docs.create(ctx, { ...body, submit: true });
  /** Executes `share` (0..1) of every line of an approved inbound / outbound (a bound flow leaves it). */
  const run = async (d: InvDocDetail, share = 1) => {
    if (d.auditState !== 'approved') return d;
    return exec.execute(ctx, d.id, {
      objectVersionNumber: d.objectVersionNumber,
      lines: d.lines.map((l) => ({
        lineId: l.id,
        quantity: Math.round(l.remainingQty * share * 10_000) / 10_000,
      })),
    });
  };
  const business = (id: number | undefined) => (id === undefined ? {} : { businessId: id });

  // Purchase request → receipt, stored in full.
  const pr = await create({
    docType: 'purchase_request',
    docDate: daysAgo(20),
    warehouseId: w.main,
    ...business(w.supplier),
    arrivalDate: daysAgo(15),
    remark: '包装箱月度采购',
    lines: [line(s.box, 10, 50, true)],
  });
  if (pr.auditState === 'approved') {
    const pre = await docs.convert(ctx, pr.id, 'warehousing');
    await run(await create({ ...pre, docDate: daysAgo(15) }));
  }
  // A receipt stored in part; a receipt of gift boxes stored.
  await run(
    await create({
      docType: 'warehousing',
      bizType: 'purchase',
      docDate: daysAgo(12),
      warehouseId: w.main,
      ...business(w.supplier),
      lines: [line(s.soy, 200, 9.6)],
    }),
    0.6,
  );
  await run(
    await create({
      docType: 'warehousing',
      bizType: 'other',
      docDate: daysAgo(10),
      warehouseId: w.main,
      remark: '自产礼盒入库',
      lines: [line(s.gift, 50, 45)],
    }),
  );
  // A sale shipped.
  await run(
    await create({
      docType: 'shipment',
      bizType: 'sale',
      docDate: daysAgo(6),
      warehouseId: w.main,
      ...business(w.customer),
      lines: [line(s.soy, 30, 18.8)],
    }),
  );
  // A transfer to the cold store: shipped, not yet received (in transit).
  const t = await create({
    docType: 'transfer',
    docDate: daysAgo(3),
    warehouseId: w.main,
    toWarehouseId: w.cold,
    remark: '礼盒调往冷库',
    lines: [line(s.gift, 20)],
  });
  if (t.auditState === 'approved') {
    const legs = await exec.legs(ctx, t.id, { docDate: daysAgo(3) });
    await run(legs.outbound);
  }
  // A stocktake of the main store: three boxes short, adjusted.
  const [book] = await docs.book(ctx, { warehouseId: w.main, skuIds: [s.box.skuId] });
  const st = await create({
    docType: 'stocktake',
    docDate: daysAgo(1),
    warehouseId: w.main,
    remark: '月末盘点',
    lines: [line(s.box, Math.max(0, (book?.bookQty ?? 0) - 3))],
  });
  if (st.auditState === 'approved' && st.lines[0]?.diffQty !== 0) await exec.adjust(ctx, st.id, {});
  // A draft waiting to be sent.
  await docs.create(ctx, {
    docType: 'purchase_request',
    warehouseId: w.main,
    ...business(w.supplier),
    remark: '下月酱油补货（草稿）',
    lines: [line(s.soy, 100, 9.6)],
  });
};
