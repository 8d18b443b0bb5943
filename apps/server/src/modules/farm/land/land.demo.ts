import type { LandCreateBody } from '@tilth/contracts/land.types';
import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Db } from '../../../platform/db/client.js';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { listAreas } from '../area/index.js';
import { LandService } from './land.service.js';

type Plot = Omit<LandCreateBody, 'areaId'>;

/** A closed ring of [lng, lat] from offsets in metres (east, north) around a 'lat,lng' centre. */
const ring = (lat: number, lng: number, metres: [number, number][]): [number, number][] => {
  const mPerDegLat = 111_320;
  const mPerDegLng = 111_320 * Math.cos((lat * Math.PI) / 180);
  const pts = metres.map(
    ([e, n]) =>
      [Number((lng + e / mPerDegLng).toFixed(7)), Number((lat + n / mPerDegLat).toFixed(7))] as [
        number,
        number,
      ],
  );
  const first = pts[0];
  return first ? [...pts, [first[0], first[1]]] : pts;
};

// 番禺示范基地, centre 22.96,113.34: two greenhouses, a rice field and a vegetable plot (a hole for the shed).
const PANYU: Plot[] = [
  {
    landName: '1号温室大棚',
    landNum: 'PY-L01',
    boundary: [
      ring(22.96, 113.34, [
        [-160, 40],
        [-60, 40],
        [-60, 80],
        [-160, 80],
      ]),
    ],
    landUsage: 'plant',
    soilType: '沙壤土',
    description: '连栋薄膜温室，种植番茄与黄瓜',
  },
  {
    landName: '2号温室大棚',
    landNum: 'PY-L02',
    boundary: [
      ring(22.96, 113.34, [
        [-160, -10],
        [-60, -10],
        [-60, 30],
        [-160, 30],
      ]),
    ],
    landUsage: 'plant',
    soilType: '沙壤土',
    description: '育苗与叶菜轮作',
  },
  {
    landName: '东片水稻田',
    landNum: 'PY-L03',
    boundary: [
      ring(22.96, 113.34, [
        [0, -120],
        [210, -140],
        [240, 60],
        [30, 90],
      ]),
    ],
    landUsage: 'plant',
    soilType: '黏壤土',
    description: '双季稻田，灌排配套',
  },
  {
    landName: '西片蔬菜地',
    landNum: 'PY-L04',
    boundary: [
      ring(22.96, 113.34, [
        [-260, -150],
        [-40, -150],
        [-40, -30],
        [-180, -30],
        [-260, -80],
      ]),
      ring(22.96, 113.34, [
        [-120, -110],
        [-120, -90],
        [-90, -90],
        [-90, -110],
      ]),
    ],
    landUsage: 'plant',
    soilType: '壤土',
    description: '露天蔬菜，中间为农资小屋',
  },
];

// 南沙水产基地, centre 22.80,113.55: two fish ponds.
const NANSHA: Plot[] = [
  {
    landName: '1号鱼塘',
    landNum: 'NS-P01',
    boundary: [
      ring(22.8, 113.55, [
        [-180, -60],
        [-20, -60],
        [-20, 70],
        [-180, 70],
      ]),
    ],
    landUsage: 'nurture',
    soilType: '淤泥',
    description: '草鱼与鲢鳙混养，水深 2.0 米',
  },
  {
    landName: '2号鱼塘',
    landNum: 'NS-P02',
    boundary: [
      ring(22.8, 113.55, [
        [10, -80],
        [170, -50],
        [160, 80],
        [20, 60],
      ]),
    ],
    landUsage: 'nurture',
    soilType: '淤泥',
    description: '南美白对虾高位池',
  },
];

const demoCtx = (db: Db, tenantId: number, userId: number): Ctx => ({
  user: { id: userId, loginName: 'demo', realName: '演示管理员', platformAdmin: false, sessionId: '' },
  tenantId,
  lang: 'zh-CN',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(PERMISSION_CODES),
  log: pino({ level: 'silent' }),
  transact: (fn) => fn(db),
});

/** Demo plots on the demo tenant's two bases (run after the bases are seeded); batches come later. */
export const seedLands: DemoExtras = async (database, ids) => {
  const lands = new LandService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    for (const [areaName, plots] of [
      ['番禺示范基地', PANYU],
      ['南沙水产基地', NANSHA],
    ] as const) {
      const { rows } = await listAreas(tx, ids.demoTenant, { areaName });
      const base = rows.find((a) => a.areaName === areaName);
      if (!base) continue;
      for (const plot of plots) await lands.create(ctx, { ...plot, areaId: base.id });
    }
  });
};
