import type { AgriDocCreateBody, AgriInputCreateBody } from '@tilth/contracts/agricultural.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { listAreas } from '../area/index.js';
import { AgriDocService } from './document.service.js';
import { AgriInputService } from './input.service.js';

type DemoInput = Omit<AgriInputCreateBody, 'enabledFlag'>;

// Real-looking products of a South-China vegetable and fish farm; registration numbers follow the
// Chinese pesticide (PD…) and fertiliser registration formats, letters / digits / hyphen only.
const INPUTS: DemoInput[] = [
  {
    inputName: '复合肥 15-15-15',
    inputCode: 'FERT_NPK15',
    category: 'fertilizer',
    registrationNo: 'GDNF-2019-0315',
    manufacturer: '史丹利农业集团股份有限公司',
    specification: '50kg/袋',
    unit: '袋',
    price: 185,
    description: '硫酸钾型三元复合肥，适合蔬菜基肥。',
    nPercent: 15,
    p2o5Percent: 15,
    k2oPercent: 15,
    nitrogenSource: 'synthetic',
  },
  {
    inputName: '尿素',
    inputCode: 'FERT_UREA',
    category: 'fertilizer',
    registrationNo: 'GB-2440-2017',
    manufacturer: '中化化肥有限公司',
    specification: '40kg/袋',
    unit: '袋',
    price: 128,
    description: '含氮 46%，追肥用。',
    nPercent: 46,
    nitrogenSource: 'synthetic',
  },
  {
    inputName: '有机肥',
    inputCode: 'FERT_ORGANIC',
    category: 'fertilizer',
    registrationNo: 'NYN-2020-1088',
    manufacturer: '广东天禾农资股份有限公司',
    specification: '40kg/袋',
    unit: '袋',
    price: 36.5,
    description: '发酵鸡粪有机肥，有机质≥45%。',
    // NY/T 525 asks N + P2O5 + K2O ≥ 4 % of an organic fertiliser; a typical manure split.
    nPercent: 2,
    p2o5Percent: 1.5,
    k2oPercent: 1.5,
    nitrogenSource: 'organic',
  },
  {
    inputName: '吡虫啉',
    inputCode: 'PEST_IMIDA',
    category: 'pesticide',
    registrationNo: 'PD20050001',
    manufacturer: '江苏红太阳集团',
    specification: '10% 可湿性粉剂 100g/袋',
    unit: '袋',
    price: 6.8,
    description: '防治蚜虫、粉虱，安全间隔期 7 天。',
  },
  {
    inputName: '代森锰锌',
    inputCode: 'PEST_MANCOZEB',
    category: 'pesticide',
    registrationNo: 'PD20092715',
    manufacturer: '利民化学有限责任公司',
    specification: '80% 可湿性粉剂 500g/袋',
    unit: '袋',
    price: 18.5,
    description: '保护性杀菌剂，防治霜霉病、疫病。',
  },
  {
    inputName: '草铵膦',
    inputCode: 'PEST_GLUFOS',
    category: 'pesticide',
    registrationNo: 'PD20121598',
    manufacturer: '永农生物科学有限公司',
    specification: '200g/L 水剂 5L/桶',
    unit: '桶',
    price: 95,
    description: '灭生性除草剂，用于田埂与沟渠。',
  },
  {
    inputName: '黄瓜种子 津优1号',
    inputCode: 'SEED_CUKE_JY1',
    category: 'seed',
    manufacturer: '天津科润农业科技股份有限公司',
    specification: '50g/袋',
    unit: '袋',
    price: 28,
  },
  {
    inputName: '番茄种子 粉冠一号',
    inputCode: 'SEED_TOMATO_FG1',
    category: 'seed',
    manufacturer: '广州长合种子有限公司',
    specification: '10g/袋',
    unit: '袋',
    price: 45,
  },
  {
    inputName: '鱼饲料 草鱼膨化料',
    inputCode: 'FEED_CARP',
    category: 'feed',
    manufacturer: '通威股份有限公司',
    specification: '粗蛋白 28% 40kg/袋',
    unit: '袋',
    price: 168,
  },
  {
    inputName: '聚维酮碘溶液',
    inputCode: 'VET_PVPI',
    category: 'veterinary',
    manufacturer: '广东海大集团',
    specification: '10% 1L/瓶',
    unit: '瓶',
    price: 42,
    description: '水产用消毒剂。',
  },
  {
    inputName: '黑色地膜',
    inputCode: 'FILM_BLACK',
    category: 'film',
    manufacturer: '山东天鹤塑胶股份有限公司',
    specification: '1.2m×0.01mm 400m/卷',
    unit: '卷',
    price: 78,
  },
  {
    inputName: '防虫网',
    inputCode: 'OTHER_NET',
    category: 'other',
    specification: '40 目 2m×100m',
    unit: '卷',
    price: 260,
  },
];

type Line = AgriDocCreateBody['lines'][number];

/** The catalogue above, receipts into both bases of 示范农场 and one shipment to a greenhouse. */
export const seedAgricultural: DemoExtras = async (database, ids) => {
  const inputs = new AgriInputService();
  const docs = new AgriDocService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const byCode = new Map<string, number>();
    for (const i of INPUTS)
      byCode.set(i.inputCode, (await inputs.create(ctx, { ...i, enabledFlag: 1 })).inputId);
    const baseId = async (areaName: string) =>
      (await listAreas(tx, ids.demoTenant, { areaName })).rows.find((a) => a.areaName === areaName)?.id;
    const panyu = await baseId('番禺示范基地');
    const nansha = await baseId('南沙水产基地');
    const line = (code: string, quantity: number, unitPrice?: number): Line => ({
      inputId: byCode.get(code) ?? 0,
      quantity,
      ...(unitPrice === undefined ? {} : { unitPrice }),
    });
    const today = todayIn(DEFAULT_TIME_ZONE);
    if (panyu) {
      await docs.create(ctx, 'warehousing', {
        areaId: panyu,
        docDate: addDays(today, -20),
        counterparty: '番禺惠农农资店',
        handler: '陈建国',
        remark: '春季备肥',
        lines: [
          line('FERT_NPK15', 40, 182),
          line('FERT_UREA', 20),
          line('FERT_ORGANIC', 120, 35),
          line('FILM_BLACK', 10),
        ],
      });
      await docs.create(ctx, 'warehousing', {
        areaId: panyu,
        docDate: addDays(today, -12),
        counterparty: '广东天禾农资番禺门店',
        handler: '陈建国',
        remark: '植保用药与种子',
        lines: [
          line('PEST_IMIDA', 60),
          line('PEST_MANCOZEB', 30),
          line('PEST_GLUFOS', 4),
          line('SEED_CUKE_JY1', 25),
          line('SEED_TOMATO_FG1', 12),
          line('OTHER_NET', 2),
        ],
      });
      await docs.create(ctx, 'shipment', {
        areaId: panyu,
        docDate: addDays(today, -5),
        counterparty: '1号温室大棚',
        handler: '李秀梅',
        remark: '黄瓜定植前施基肥、育苗',
        lines: [
          line('FERT_NPK15', 12),
          line('FERT_ORGANIC', 45),
          line('SEED_CUKE_JY1', 6),
          line('PEST_IMIDA', 8),
        ],
      });
    }
    if (nansha) {
      await docs.create(ctx, 'warehousing', {
        areaId: nansha,
        docDate: addDays(today, -15),
        counterparty: '通威饲料南沙经销部',
        handler: '黄志强',
        lines: [line('FEED_CARP', 80, 165), line('VET_PVPI', 20)],
      });
    }
  });
};
