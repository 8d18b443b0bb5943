import type { Database } from '../../../platform/db/client.js';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { addDays } from '../../../platform/time/zone.js';
import { TraceBatchService } from './batch.service.js';
import { findBusiness } from './business.repository.js';
import { TraceBusinessService } from './business.service.js';
import { harvestedBatchOfCrop, inventoryProductIdByName } from './catalog-refs.repository.js';
import { TraceOutletService } from './outlet.service.js';
import { TraceProductService } from './product.service.js';

// The demo tenant's trace catalogue (issue 18): its business profile, three shops and two online stores,
// a tomato with a (made-up, check-digit-valid) GTIN and a rice without one, and a draft trace batch made of
// the harvested demo tomato batch. Through the services, so every rule holds. Once: skipped when the
// business profile exists. No pictures: seeding stays fast (it runs in tests too).

export const DEMO_TRACE_GTIN = '6901234567892';
export const DEMO_TRACE_LOT = 'FQ-TOM-2026-01';

const SHOPS = [
  {
    outletName: '番禺示范农场直营店',
    address: '广州市番禺区沙湾镇示范路 8 号',
    location: '22.9066,113.3263',
    openingHours: '08:00–20:00',
  },
  {
    outletName: '天河社区鲜菜店',
    address: '广州市天河区体育西路 101 号',
    location: '23.1351,113.3218',
    openingHours: '07:00–21:00',
  },
  {
    outletName: '海珠生鲜超市专柜',
    address: '广州市海珠区江南大道中 35 号',
    location: '23.1006,113.2706',
    openingHours: '09:00–22:00',
  },
];
const ONLINE = [
  { outletName: '示范农场天猫旗舰店', platform: 'tmall' as const, url: 'https://tilth-demo.tmall.com' },
  {
    outletName: '示范农场微信小店',
    platform: 'wechat' as const,
    url: 'https://shop.tilth-demo.example/wechat',
  },
];

const seedTenant = async (ctx: TenantCtx): Promise<void> => {
  if (await findBusiness(ctx.db, ctx.tenantId)) return;
  await new TraceBusinessService().save(ctx, {
    businessName: '示范农场（广州）农业有限公司',
    creditCode: '91440113MA5D00001M',
    legalRepresentative: '林示范',
    address: '广州市番禺区沙湾镇示范路 8 号',
    phone: '020-8888 6666',
    website: 'https://tilth-demo.example',
    introduction: '示范农场位于番禺，种植番茄、水稻并养殖草鱼，全程记录农事、投入品与环境数据。',
    codePrefix: 'TILTH',
  });
  const outlets = new TraceOutletService();
  const outletIds: number[] = [];
  for (const s of SHOPS) {
    const o = await outlets.create(ctx, {
      kind: 'store',
      ...s,
      contactName: '陈店长',
      phone: '020-8888 6001',
      enabledFlag: 1,
    });
    outletIds.push(o.outletId);
  }
  for (const s of ONLINE) {
    const o = await outlets.create(ctx, {
      kind: 'online',
      ...s,
      contactName: '客服',
      phone: '400-800-6666',
      enabledFlag: 1,
    });
    outletIds.push(o.outletId);
  }
  const products = new TraceProductService();
  const tomatoInv = await inventoryProductIdByName(ctx.db, ctx.tenantId, '番茄');
  const riceInv = await inventoryProductIdByName(ctx.db, ctx.tenantId, '大米');
  // The inventory products name their crops (番茄, 水稻); without them the demo has nothing to trace.
  if (tomatoInv === undefined || riceInv === undefined) return;
  const tomato = await products.create(ctx, {
    productName: '示范农场粉冠番茄',
    productEnName: 'Demo Farm pink tomato',
    inventoryProductId: tomatoInv,
    gtin: DEMO_TRACE_GTIN,
    placeOfOrigin: '广东省广州市番禺区',
    netWeight: 2.5,
    weightUnit: 'kg',
    specification: '2.5 kg/箱',
    shelfLifeDays: 15,
    plantingStandard: 'green',
    certificates: [
      {
        kind: 'green',
        name: '绿色食品证书',
        number: 'LB-18-2601234567A',
        issuer: '中国绿色食品发展中心',
        validUntil: '2028-06-30',
      },
    ],
    description: '露地秋茬粉冠一号番茄，自然成熟采摘，全程可追溯。',
    outletIds,
    enabledFlag: 1,
  });
  await products.create(ctx, {
    productName: '示范农场丝苗米',
    productEnName: 'Demo Farm silk rice',
    inventoryProductId: riceInv,
    placeOfOrigin: '广东省广州市番禺区',
    netWeight: 5,
    weightUnit: 'kg',
    specification: '5 kg/袋',
    shelfLifeDays: 365,
    plantingStandard: 'normal',
    certificates: [],
    outletIds: outletIds.slice(0, 1),
    enabledFlag: 1,
  });
  const harvest = tomato.cropId ? await harvestedBatchOfCrop(ctx.db, ctx.tenantId, tomato.cropId) : undefined;
  if (!harvest?.harvestDate) return;
  const productionDate = addDays(harvest.harvestDate, 1);
  await new TraceBatchService().create(ctx, {
    traceProductId: tomato.traceProductId,
    batchCode: DEMO_TRACE_LOT,
    sources: [{ farmBatchId: harvest.id, quantity: Math.min(5000, Number(harvest.harvestQuantity ?? 5000)) }],
    weight: 5000,
    specification: '2.5 kg/箱 × 2000 箱',
    productionDate,
    inspections: [
      {
        name: '农药残留检测报告',
        agency: '广州市农产品质量安全检测中心',
        date: productionDate,
        result: 'pass',
        items: '有机磷、拟除虫菊酯等 62 项农药残留，均未检出或低于 GB 2763-2021 限量',
      },
    ],
  });
};

/** The demo tenant's trace catalogue (demo extras: after crops, farm batches and inventory products). */
export const seedDemoTraceCatalog: DemoExtras = async (database: Database, ids) => {
  const userId = ids.users.demo ?? 0;
  await database.withTenant(ids.demoTenant, (tx) =>
    seedTenant(demoAdminCtx(tx, ids.demoTenant, userId) as TenantCtx),
  );
};
