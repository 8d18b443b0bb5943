import type { Batch, FarmLog, Page } from '@tilth/contracts';
import type { NoticeItem, UserMessageItem } from '@tilth/contracts/notice.types';
import type { RainfallReport } from '@tilth/contracts/report.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../app/server.js';
import { dayOf } from '../../../platform/time/zone.js';
import { type DemoTestServer, startDemoTestServer } from '../../../test/demo-server.js';
import { auth, json, login } from '../../../test/harness.js';
import { areas } from '../../farm/area/index.js';
import { RAIN_LOG_MM } from '../../farm/farm-log/index.js';
import { devices } from '../../iot/device/index.js';
import { demoExtras } from '../demo.extras.js';
import { seedDemo } from '../demo.seed.js';

// Issue 12 item 9: the demo's notices and logs contradicted its own screens ("gateway offline" beside an
// online gateway, a rain log beside 0.0 mm, 6,156 ha worked on an 8 ha base, a tenant announcement under
// the platform tab, a switch "bottom right" that sits elsewhere). They are now made from the demo's state.

let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('demo-agree');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
});

/** mu → ha. */
const MU_HA = 1 / 15;

describe('the seeded demo agrees with its own screens', () => {
  it('notices, announcements, weather logs and machinery figures', async () => {
    const ids = await seedDemo(s.platform.database, demoExtras);
    const t = ids.demoTenant;
    const token = await login(s, 'demo', 'demo1234');
    const get = async <T>(url: string): Promise<T> => {
      const res = await s.app.inject({ method: 'GET', url, headers: auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    const fleet = await s.platform.database.withTenant(t, (tx) =>
      tx
        .select({
          eui: devices.eui,
          name: devices.name,
          typeKey: devices.typeKey,
          online: devices.online,
          latest: devices.latest,
          areaId: devices.areaId,
        })
        .from(devices)
        .where(eq(devices.tenantId, t)),
    );

    // A notice about a device names a device of the fleet, and says "offline" only of an offline one.
    const notes = (await get<Page<UserMessageItem>>(`/hmsg/v1/${t}/messages/user?page=0&size=50`)).content;
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) {
      const named = fleet.filter((d) => n.content.includes(d.eui) || n.content.includes(d.name));
      if (/离线|offline/i.test(n.content)) {
        expect(named.length, n.content).toBeGreaterThan(0);
        for (const d of named) expect(d.online, `${d.eui} is online: ${n.content}`).toBe(false);
      }
      if (/设备|device/i.test(n.subject)) expect(named.length, n.content).toBeGreaterThan(0);
      // The tenant switch is in the user panel, not in a corner of the screen.
      expect(n.content).not.toMatch(/右下角|bottom.right/i);
    }

    // The announcement tab is "platform announcements": the demo puts only platform ones there.
    const announced = (await get<Page<NoticeItem>>(`/hmsg/v1/${t}/notices/page-details?page=0&size=50`))
      .content;
    expect(announced.length).toBeGreaterThan(0);
    for (const a of announced) expect(a.platformFlag, a.title).toBe(true);

    // Every rain log names a day the rainfall report shows at least 10 mm on.
    const logs = (await get<Page<FarmLog>>(`/wfpf/v1/${t}/log?size=0`)).content;
    const rainLogs = logs.filter((l) => /雨|rain/i.test(`${l.title} ${l.description ?? ''}`));
    const [py] = await s.platform.database.withTenant(t, (tx) =>
      tx
        .select({ id: areas.id, size: areas.areaSize })
        .from(areas)
        .where(and(eq(areas.tenantId, t), eq(areas.areaName, '番禺示范基地'))),
    );
    for (const l of rainLogs) {
      const day = dayOf(new Date(l.logTime), DEFAULT_TIME_ZONE);
      const report = await get<RainfallReport>(
        `/wfpe/v1/${t}/report/rainfall?granularity=day&startDate=${day}&endDate=${day}&areaId=${py?.id}`,
      );
      const rainOnDay = report.periods.find((p) => p.period === day)?.rainfall ?? 0;
      // The aftermath log is the morning after: the rain fell on its day or the day before.
      if (/灾后|巡查/.test(l.title) && !/雨/.test(l.title)) continue;
      expect(rainOnDay, `${l.title} on ${day}`).toBeGreaterThanOrEqual(RAIN_LOG_MM);
      const said = /([\d.]+) 毫米/.exec(l.description ?? '')?.[1];
      if (said)
        expect(Math.abs(Number(said) - rainOnDay), `${l.title}: ${said} vs ${rainOnDay}`).toBeLessThan(1);
    }

    // A log on a plot that names a crop names the crop of a batch on that plot at that time.
    const batches = (await get<Page<Batch>>(`/wfpf/v1/${t}/batch?page=0&size=0`)).content;
    const today = dayOf(new Date(), DEFAULT_TIME_ZONE);
    for (const l of logs) {
      if (!l.landName) continue;
      const day = dayOf(new Date(l.logTime), DEFAULT_TIME_ZONE);
      for (const crop of ['番茄', '稻', '草鱼', '甘蓝', '上海青']) {
        if (!`${l.title}${l.description ?? ''}`.includes(crop)) continue;
        const on = batches.filter(
          (b) =>
            b.landName === l.landName &&
            (b.cropName ?? '').includes(crop) &&
            b.startDate <= day &&
            day <= (b.endDate ?? today),
        );
        expect(on.length, `${l.title} (${l.landName}, ${day}) names ${crop}`).toBeGreaterThan(0);
      }
    }

    // Machinery: the worked area of a machine is at most its base's area.
    const machines = fleet.filter((d) => d.typeKey === 'farm-machine');
    expect(machines.length).toBeGreaterThan(0);
    const baseSizes = await s.platform.database.withTenant(t, (tx) =>
      tx.select({ id: areas.id, size: areas.areaSize }).from(areas).where(eq(areas.tenantId, t)),
    );
    for (const m of machines) {
      const baseHa = Number(baseSizes.find((b) => b.id === m.areaId)?.size ?? 0) * MU_HA;
      expect(m.latest.workArea ?? 0, m.name).toBeLessThanOrEqual(baseHa);
    }
  });
});
