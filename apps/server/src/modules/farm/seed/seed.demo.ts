import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { SeedService } from './seed.service.js';

/** The demo tenant's public seed product (open it at /seed?tenantId=…&id=…). */
export const seedSeedProducts: DemoExtras = async (database, ids) => {
  const seeds = new SeedService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    await seeds.create(demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0), {
      cropName: '番茄',
      corpEnName: 'Tomato',
      publicity: '粉果硬实，耐储耐运，一季丰收。Firm pink fruit that keeps and travels well.',
      seedName: '番茄种子',
      seedEnName: 'Tomato seed',
      imageUrl: null,
      farmingPractices: [
        {
          imageUrl: null,
          name: '穴盘育苗',
          description:
            '<p>选用 72 孔穴盘，基质装盘后每穴播种 1 粒，覆土 0.5 cm。</p>' +
            '<p>Sow one seed per cell of a 72-cell tray and cover with 0.5 cm of substrate; keep at 25–28 °C ' +
            'until emergence.</p>',
        },
        {
          imageUrl: null,
          name: '定植管理',
          description:
            '<p>苗龄 30 天、4–5 片真叶时定植，株距 40 cm，定植后浇足定根水。</p>' +
            '<p>Transplant at 30 days with 4–5 true leaves, 40 cm apart, and water in well.</p>',
        },
      ],
      productAttributes: [
        {
          name: '抗病性',
          enName: 'Disease resistance',
          imageUrl: null,
          description:
            '<p>高抗番茄黄化曲叶病毒病（TY）与叶霉病。</p><p>Highly resistant to TYLCV and leaf mould.</p>',
        },
        {
          name: '果实品质',
          enName: 'Fruit quality',
          imageUrl: null,
          description:
            '<p>单果重 220–260 g，果形圆正，可溶性固形物 5% 以上。</p>' +
            '<p>Round fruit of 220–260 g with over 5% soluble solids.</p>',
        },
      ],
      enabledFlag: 1,
    });
  });
};
