import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { DemoExtras } from '../../../platform/db/seed.js';
import { addDays, dayOf, dayStart } from '../../../platform/time/zone.js';
import { insertFile } from '../../messaging/file/index.js';
import { devicesOfTypes } from '../device/index.js';
import { type Dot, scatterDots, seeded } from './insect.board.js';
import { countBoxes } from './insect.identify.js';
import { DEMO_H, DEMO_W } from './insect.photo.js';
import * as repo from './insect.repository.js';
import { insertTypes } from './insect-type.repository.js';

/** Common field pests of China: the platform catalogue every tenant reads. */
export const PLATFORM_INSECT_TYPES = [
  ['稻飞虱', 'Rice planthopper', 'Nilaparvata lugens'],
  ['二化螟', 'Striped rice stem borer', 'Chilo suppressalis'],
  ['稻纵卷叶螟', 'Rice leaf roller', 'Cnaphalocrocis medinalis'],
  ['玉米螟', 'Asian corn borer', 'Ostrinia furnacalis'],
  ['棉铃虫', 'Cotton bollworm', 'Helicoverpa armigera'],
  ['斜纹夜蛾', 'Tobacco cutworm', 'Spodoptera litura'],
  ['小菜蛾', 'Diamondback moth', 'Plutella xylostella'],
  ['蚜虫', 'Aphid', 'Aphidoidea'],
  ['蓟马', 'Thrips', 'Thysanoptera'],
  ['白粉虱', 'Greenhouse whitefly', 'Trialeurodes vaporariorum'],
  ['草地贪夜蛾', 'Fall armyworm', 'Spodoptera frugiperda'],
  ['黏虫', 'Oriental armyworm', 'Mythimna separata'],
] as const;

/** Boxes around generated insects (body ellipse plus head), as fractions of the board. */
const boxesOf = (dots: readonly Dot[], names: readonly string[]) =>
  dots.map((d, i) => {
    const half = d.r * 1.5;
    const x = Math.max(0, d.x - half / DEMO_W);
    const y = Math.max(0, d.y - half / DEMO_H);
    return {
      name: names[i % names.length] ?? '',
      box: [x, y, Math.min((2 * half) / DEMO_W, 1 - x), Math.min((2 * half) / DEMO_H, 1 - y)] as [
        number,
        number,
        number,
        number,
      ],
    };
  });

/**
 * The platform insect catalogue, and a month of daily trap photos for the demo tenant's pest stations and
 * forecast lamps (skipped when none were seeded). Demo photos are labelled by hand (source 'drawn'), so
 * the pie and trend charts show named pests.
 */
export const seedInsects: DemoExtras = async (database, ids) => {
  await database.withTenant(0, (tx) =>
    insertTypes(
      tx,
      0,
      PLATFORM_INSECT_TYPES.map(([name, nameEn, latinName]) => ({
        name,
        nameEn,
        latinName,
        category: 'pest',
        description: null,
      })),
    ),
  );
  const tenantId = ids.demoTenant;
  await database.withTenant(tenantId, async (tx) => {
    const traps = await devicesOfTypes(tx, tenantId, ['pest-station', 'forecast-lamp']);
    const today = dayOf(new Date(), DEFAULT_TIME_ZONE);
    for (const [t, trap] of traps.entries()) {
      const rand = seeded(1000 + trap.id);
      // Each trap sees a few pests of the catalogue; forecast (pheromone) lamps catch one moth species.
      const pool =
        trap.typeKey === 'forecast-lamp'
          ? ['斜纹夜蛾']
          : PLATFORM_INSECT_TYPES.slice((t * 3) % 9, ((t * 3) % 9) + 4).map(([n]) => n);
      for (let back = 29; back >= 0; back--) {
        const day = addDays(today, -back);
        // A slow build-up over the month with day-to-day noise.
        const n = Math.max(1, Math.round(4 + (29 - back) * 0.6 + rand() * 8));
        const seed = Math.floor(rand() * 1_000_000_000);
        const dots = scatterDots(n, seeded(seed));
        const names = dots.map(() => pool[Math.floor(rand() * pool.length)] ?? '');
        const boxes = boxesOf(dots, names);
        const fileId = randomUUID();
        const recordId = await repo.insertRecord(tx, tenantId, null, {
          deviceId: trap.id,
          areaId: trap.areaId,
          // 06:00 on the demo tenants' farm day (they are seeded on the default zone).
          takenAt: new Date(dayStart(day, DEFAULT_TIME_ZONE).getTime() + 6 * 3_600_000),
          counts: countBoxes(boxes),
          boxes,
          source: 'drawn',
          identifiedFlag: 1,
          description: null,
          fileId,
        });
        await insertFile(tx, {
          tenantId,
          id: fileId,
          attachmentUuid: null,
          bucketName: 'insect',
          fileName: `demo-board-${n}-${seed}.jpg`,
          contentType: 'image/jpeg',
          fileSize: 0,
          storageKey: `${tenantId}/insect/demo/${recordId}.jpg`,
          createdBy: null,
        });
      }
    }
  });
};
