import type { FarmOverview, Page, PlanPackageDetail } from '@tilth/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login } from '../../../../test/harness.js';
import { type PlanWorld, startPlanWorld } from '../../plan/__tests__/plan.fixtures.js';
import { crops, taskTypes } from '../crop.tables.js';

// Lists of other domains answer a crop's and a task type's name in the caller's language (issue 12 item 4).
let w: PlanWorld;
const ids = { tomato: 0, rice: 0, sow: 0, base: 0, pkg: 0 };

const get = async <T>(path: string, lang: string): Promise<T> => {
  const res = await w.s.inject({
    method: 'GET',
    url: `/wfpf/v1/${w.tA}/${path}`,
    headers: { ...auth(await login(w.s, 'viewerA')), 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

beforeAll(async () => {
  w = await startPlanWorld();
  ids.tomato = await w.crop(w.tA, '番茄');
  ids.rice = await w.crop(w.tA, '水稻');
  ids.sow = await w.taskType(w.tA, '播种');
  await w.s.platform.database.withTenant(w.tA, async (tx) => {
    await tx.update(crops).set({ cropEnName: 'Tomato' }).where(eq(crops.id, ids.tomato));
    await tx.update(taskTypes).set({ typeEnName: 'Sowing' }).where(eq(taskTypes.id, ids.sow));
  });
  ids.base = await w.base(w.tA, '一号基地');
  await w.batch(w.tA, ids.base, ids.tomato);
  await w.batch(w.tA, ids.base, ids.rice);
  const res = await w.call('admin', 'POST', 'plan-package', {
    packageName: '番茄标准',
    cropId: ids.tomato,
    tasks: [{ taskName: '播种', taskTypeId: ids.sow, dayOffset: 0, durationDays: 1, inputs: [] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  ids.pkg = json<PlanPackageDetail>(res).packageId;
});
afterAll(async () => {
  await w?.s.close();
});

describe('crop and task-type names by language', () => {
  it('answers the English name in en-US and the Chinese one in zh-CN', async () => {
    const en = await get<PlanPackageDetail>(`plan-package/${ids.pkg}`, 'en-US');
    expect([en.cropName, en.tasks[0]?.taskTypeName]).toEqual(['Tomato', 'Sowing']);
    const zh = await get<PlanPackageDetail>(`plan-package/${ids.pkg}`, 'zh-CN');
    expect([zh.cropName, zh.tasks[0]?.taskTypeName]).toEqual(['番茄', '播种']);
  });

  it('falls back to the Chinese name when a crop has no English one', async () => {
    const batches = await get<Page<{ cropName: string | null }>>('batch?size=0', 'en-US');
    expect(batches.content.map((b) => b.cropName).sort()).toEqual(['Tomato', '水稻']);
    const home = await get<FarmOverview>('farm/overview', 'en-US');
    expect(home.batches.growingByCrop.map((c) => c.cropName).sort()).toEqual(['Tomato', '水稻']);
  });
});
