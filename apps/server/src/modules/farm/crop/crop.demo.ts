import type { CropCreateBody, TaskTypeCreateBody } from '@tilth/contracts/crop.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { CropService } from './crop.service.js';
import { TaskTypeService } from './task-type.service.js';
import { VarietyService } from './variety.service.js';

interface DemoCrop {
  crop: Omit<CropCreateBody, 'enabledFlag'>;
  varieties: { varietyName: string; varietyCode: string; growthDays: number; description: string }[];
}

const DEMO_CROPS: DemoCrop[] = [
  {
    crop: {
      cropName: '番茄',
      cropEnName: 'Tomato',
      cropType: 'plant',
      description: '茄科番茄属，喜温喜光，设施与露地均可栽培。Warm-season fruiting vegetable.',
    },
    varieties: [
      {
        varietyName: '粉冠一号',
        varietyCode: 'TOMATO_FG1',
        growthDays: 110,
        description: '大果粉果，硬度好，耐储运。Large pink fruit, firm, travels well.',
      },
      {
        varietyName: '千禧樱桃番茄',
        varietyCode: 'TOMATO_QX',
        growthDays: 95,
        description: '樱桃番茄，糖度高，适合鲜食。Sweet cherry tomato for the fresh market.',
      },
    ],
  },
  {
    crop: {
      cropName: '水稻',
      cropEnName: 'Rice',
      cropType: 'plant',
      description: '禾本科稻属，华南双季稻区主栽作物。Main crop of the double-season rice belt.',
    },
    varieties: [
      {
        varietyName: '美香占2号',
        varietyCode: 'RICE_MXZ2',
        growthDays: 115,
        description: '优质香型常规稻，米质优。Fragrant conventional rice of high grain quality.',
      },
      {
        varietyName: '黄华占',
        varietyCode: 'RICE_HHZ',
        growthDays: 120,
        description: '高产稳产，抗倒伏。High and steady yield, resists lodging.',
      },
    ],
  },
  {
    crop: {
      cropName: '草鱼',
      cropEnName: 'Grass carp',
      cropType: 'nurture',
      description: '池塘主养品种，草食性，生长快。Fast-growing herbivorous pond fish.',
    },
    varieties: [
      {
        varietyName: '珠江草鱼',
        varietyCode: 'CARP_ZJ',
        growthDays: 365,
        description: '珠江水系种群，适应性强。Pearl River strain, hardy.',
      },
      {
        varietyName: '长江草鱼',
        varietyCode: 'CARP_CJ',
        growthDays: 420,
        description: '长江水系种群，个体大。Yangtze strain, grows large.',
      },
    ],
  },
];

const DEMO_TASK_TYPES: Omit<TaskTypeCreateBody, 'enabledFlag'>[] = [
  {
    typeName: '播种',
    typeEnName: 'Sowing',
    typeCode: 'SOWING',
    color: '#52c41a',
    description: 'Sowing / 播种与育苗',
  },
  {
    typeName: '施肥',
    typeEnName: 'Fertilising',
    typeCode: 'FERTILISING',
    color: '#faad14',
    description: 'Fertilising / 基肥与追肥',
  },
  {
    typeName: '灌溉',
    typeEnName: 'Irrigation',
    typeCode: 'IRRIGATION',
    color: '#1890ff',
    description: 'Irrigation / 灌溉与排水',
  },
  {
    typeName: '植保',
    typeEnName: 'Crop protection',
    typeCode: 'CROP_PROTECTION',
    color: '#eb2f96',
    description: 'Crop protection / 病虫害防治',
  },
  {
    typeName: '采收',
    typeEnName: 'Harvest',
    typeCode: 'HARVEST',
    color: '#fa541c',
    description: 'Harvest / 采收与分级',
  },
  {
    typeName: '巡田',
    typeEnName: 'Field patrol',
    typeCode: 'FIELD_PATROL',
    color: '#13c2c2',
    description: 'Field patrol / 田间巡查',
  },
];

/** Demo crops (番茄, 水稻, 草鱼) with two varieties each, and six task types, in the demo tenant. */
export const seedCropCatalogue: DemoExtras = async (database, ids) => {
  const crops = new CropService();
  const varieties = new VarietyService();
  const taskTypes = new TaskTypeService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    for (const d of DEMO_CROPS) {
      const crop = await crops.create(ctx, { ...d.crop, enabledFlag: 1 });
      for (const v of d.varieties) {
        await varieties.create(ctx, { cropId: crop.cropId, ...v, enabledFlag: 1 });
      }
    }
    for (const t of DEMO_TASK_TYPES) await taskTypes.create(ctx, { ...t, enabledFlag: 1 });
  });
};
