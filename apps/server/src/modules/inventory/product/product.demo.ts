import type { InvProductCreateBody } from '@tilth/contracts/inventory.product.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { cropVarietyByName, firstWarehouse, standardIdsByName, unitIdsByCode } from './demo.repository.js';
import { productCodeTaken } from './product.repository.js';
import { ProductService } from './product.service.js';

// What a farm enterprise stocks and sells: fertiliser in, produce out, packaging in between.
/** The units (code, name) the demo products use: base/unit's seed makes them. */
export const DEMO_PRODUCT_UNITS = [
  ['BAG', '袋'],
  ['KG', '千克'],
  ['JIN', '斤'],
  ['BOX', '箱'],
  ['PCS', '个'],
  ['TIAO', '条'],
  ['BOTTLE', '瓶'],
  ['TON', '吨'],
] as const;
type UnitCode = (typeof DEMO_PRODUCT_UNITS)[number][0];

/** The attributes (name, values) the demo products use: base/standard's seed makes them. */
export const DEMO_PRODUCT_STANDARDS = {
  grade: ['品级', ['一级', '二级', '三级']],
  weight: ['重量等级', ['500g', '1kg', '5kg']],
} as const;

interface DemoProduct {
  body: Omit<
    InvProductCreateBody,
    | 'stockUnitId'
    | 'purchaseUnitId'
    | 'retailUnitId'
    | 'standardIds'
    | 'enabledFlag'
    | 'tracksLot'
    | 'tracksExpiry'
    | 'images'
  >;
  units: [stock: UnitCode, purchase: UnitCode, retail: UnitCode];
  standards?: (keyof typeof DEMO_PRODUCT_STANDARDS)[];
  crop?: string;
  tracksLot?: 0 | 1;
  tracksExpiry?: 0 | 1;
  /** Min / max in the first warehouse, when one exists. */
  limits?: [number, number];
}

const PRODUCTS: DemoProduct[] = [
  {
    body: {
      productName: '复合肥 15-15-15',
      productCode: 'FERT_NPK15',
      productType: 'material',
      specification: '50kg/袋',
      brand: '史丹利',
      purchaseFactor: 20,
      retailFactor: 1,
      retailPrice: 185,
      memberPrice: 178,
      costPrice: 160,
    },
    units: ['BAG', 'TON', 'BAG'],
    tracksLot: 1,
    limits: [20, 400],
  },
  {
    body: {
      productName: '有机肥',
      productCode: 'FERT_ORGANIC',
      productType: 'material',
      specification: '40kg/袋',
      brand: '天禾',
      purchaseFactor: 25,
      retailFactor: 1,
      retailPrice: 36.5,
      costPrice: 28,
    },
    units: ['BAG', 'TON', 'BAG'],
    limits: [50, 1000],
  },
  {
    body: {
      productName: '番茄',
      productCode: 'VEG_TOMATO',
      productType: 'agricultural',
      alias: '西红柿',
      specification: '鲜果',
      retailFactor: 0.5,
      purchaseFactor: 1,
      retailPrice: 6.8,
      memberPrice: 6,
      costPrice: 3.2,
      description: '自有基地温室番茄，按品级和重量等级包装销售。',
    },
    units: ['KG', 'KG', 'JIN'],
    standards: ['grade', 'weight'],
    crop: '番茄',
    tracksLot: 1,
    tracksExpiry: 1,
  },
  {
    body: {
      productName: '大米',
      productCode: 'RICE_5KG',
      productType: 'agricultural',
      specification: '5kg/袋',
      alias: '丝苗米',
      purchaseFactor: 4,
      retailFactor: 1,
      retailPrice: 39.9,
      memberPrice: 36,
      costPrice: 24,
    },
    units: ['BAG', 'BOX', 'BAG'],
    crop: '水稻',
    tracksLot: 1,
    tracksExpiry: 1,
    limits: [100, 2000],
  },
  {
    body: {
      productName: '草鱼',
      productCode: 'FISH_GRASS',
      productType: 'agricultural',
      specification: '鲜活 1.5-2.5kg/条',
      purchaseFactor: 1,
      retailFactor: 0.5,
      retailPrice: 12,
      costPrice: 8.5,
    },
    units: ['KG', 'KG', 'JIN'],
    crop: '草鱼',
  },
  {
    body: {
      productName: '包装箱',
      productCode: 'PACK_BOX',
      productType: 'material',
      specification: '五层瓦楞 40×30×25cm',
      purchaseFactor: 20,
      retailFactor: 1,
      costPrice: 2.5,
    },
    units: ['PCS', 'BOX', 'PCS'],
    limits: [200, 5000],
  },
  {
    body: {
      productName: '吡虫啉 10%',
      productCode: 'PEST_IMIDA',
      productType: 'material',
      specification: '100g/袋',
      brand: '红太阳',
      purchaseFactor: 50,
      retailFactor: 1,
      retailPrice: 6.8,
      costPrice: 4.5,
    },
    units: ['BAG', 'BOX', 'BAG'],
    tracksLot: 1,
    tracksExpiry: 1,
  },
  {
    body: {
      productName: '番茄礼盒',
      productCode: 'GIFT_TOMATO',
      productType: 'goods',
      specification: '5kg/箱',
      purchaseFactor: 1,
      retailFactor: 1,
      retailPrice: 88,
      memberPrice: 78,
      costPrice: 45,
    },
    units: ['BOX', 'BOX', 'BOX'],
  },
  {
    body: {
      productName: '有机酱油',
      productCode: 'SOY_500',
      productType: 'goods',
      specification: '500ml/瓶',
      brand: '田园',
      purchaseFactor: 12,
      retailFactor: 1,
      retailPrice: 18.8,
      memberPrice: 16.8,
      costPrice: 9.6,
    },
    units: ['BOTTLE', 'BOX', 'BOTTLE'],
    tracksExpiry: 1,
  },
  {
    body: {
      productName: '育苗基质',
      productCode: 'SUBSTRATE',
      productType: 'material',
      specification: '50L/袋',
      purchaseFactor: 1,
      retailFactor: 1,
      costPrice: 32,
    },
    units: ['BAG', 'BAG', 'BAG'],
  },
];

const seedTenant = async (ctx: TenantCtx): Promise<void> => {
  const products = new ProductService();
  const unit = await unitIdsByCode(ctx.db, ctx.tenantId);
  const byName = await standardIdsByName(ctx.db, ctx.tenantId);
  const standard = new Map<string, number>();
  for (const [key, [name]] of Object.entries(DEMO_PRODUCT_STANDARDS)) {
    const id = byName.get(name);
    if (id !== undefined) standard.set(key, id);
  }
  const warehouseId = await firstWarehouse(ctx.db, ctx.tenantId);
  for (const p of PRODUCTS) {
    if (await productCodeTaken(ctx.db, ctx.tenantId, p.body.productCode)) continue;
    const crop = p.crop ? await cropVarietyByName(ctx.db, ctx.tenantId, p.crop) : undefined;
    // What a product names must exist (the unit, attribute and crop seeds run first); else it waits for
    // the next run, which adds it (the seed is idempotent).
    if (p.crop && !crop) continue;
    if (p.units.some((u) => !unit.has(u)) || (p.standards ?? []).some((s) => !standard.has(s))) continue;
    const [stockU, purchaseU, retailU] = p.units.map((u) => unit.get(u) ?? 0) as [number, number, number];
    const created = await products.create(ctx, {
      ...p.body,
      stockUnitId: stockU,
      purchaseUnitId: purchaseU,
      retailUnitId: retailU,
      purchaseFactor: purchaseU === stockU ? 1 : p.body.purchaseFactor,
      retailFactor: retailU === stockU ? 1 : p.body.retailFactor,
      standardIds: (p.standards ?? []).map((s) => standard.get(s) ?? 0),
      tracksLot: p.tracksLot ?? 0,
      tracksExpiry: p.tracksExpiry ?? 0,
      images: [],
      enabledFlag: 1,
      ...(crop ?? {}),
    });
    if (warehouseId !== undefined && p.limits) {
      const [minQty, maxQty] = p.limits;
      await products.update(ctx, created.id, {
        ...created,
        skus: created.skus.map((s) => ({ ...s, limits: [{ warehouseId, minQty, maxQty }] })),
      } as Parameters<ProductService['update']>[2]);
    }
  }
};

/** About ten demo products (fertiliser, produce linked to the demo crops, packaging) in the demo tenant. */
export const seedInvProducts: DemoExtras = async (database, ids) => {
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0) as TenantCtx;
    await seedTenant(ctx);
  });
};
