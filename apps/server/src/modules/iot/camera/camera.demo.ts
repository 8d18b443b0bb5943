import { CAMERA_ENTER_LOCAL } from '@tilth/contracts/camera.types';
import type { DemoExtras } from '../../../platform/db/seed.js';
import * as repo from './camera.repository.js';
import { insertSchedule, insertTemplate } from './camera-capture.repository.js';

const NAMES = ['东区大棚全景', '西区果园', '育苗棚', '鱼塘增氧区', '仓库门口'] as const;

/**
 * Demo cameras of the demo tenant: five built-in demo cameras (cameraEnter 5, provider demo) over its
 * plots, two presets, a timed capture and a 2×2 split template for the demo administrator; the first three
 * are marked for a season of demo stills (growth time-lapse).
 */
export const seedCameras: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo ?? 0;
  await database.withTenant(tenantId, async (tx) => {
    const plots = await repo.tenantPlots(tx, tenantId, NAMES.length);
    const made: number[] = [];
    for (const [i, name] of NAMES.entries()) {
      const plot = plots.length > 0 ? plots[i % plots.length] : undefined;
      const res = await repo.insertCamera(tx, tenantId, userId, {
        name,
        deviceSerial: `DEMO-CAM-${String(i + 1).padStart(2, '0')}`,
        cameraType: i % 2,
        cameraEnter: CAMERA_ENTER_LOCAL,
        provider: 'demo',
        channelNo: 1,
        clarity: 2,
        areaId: plot?.areaId ?? null,
        landId: plot?.landId ?? null,
        online: 1,
        sort: i,
        // The first three get a season of seedling stills after start-up (camera-demo-stills.ts).
        config: { scene: i, ...(i < 3 && plot ? { demoStills: 1 } : {}) },
      });
      if (res && 'row' in res) made.push(res.row.id);
    }
    const first = made[0];
    if (first === undefined) return;
    await repo.upsertPreset(tx, tenantId, userId, first, 1, '全景');
    await repo.upsertPreset(tx, tenantId, userId, first, 2, '作物近景');
    await insertSchedule(tx, tenantId, userId, {
      cameraId: first,
      intervalMin: 60,
      durationMin: 600,
      startTime: '07:00',
      presetIndex: 2,
      active: 1,
    });
    await insertTemplate(tx, tenantId, userId, {
      name: '四分屏',
      layout: 4,
      cells: made.slice(0, 4).map((cameraId, index) => ({ index, cameraId })),
    });
  });
};
