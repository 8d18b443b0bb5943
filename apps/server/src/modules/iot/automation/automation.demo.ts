import { groupCreateBody, strategyCreateBody } from '@tilth/contracts/automation.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { devicesOfTypes } from '../device/index.js';
import { GroupService } from './group.service.js';
import { StrategyService } from './strategy.service.js';

/**
 * Smart control of the demo farm: the valves as one control group, and the example strategy —
 * soil moisture < 25 % for 10 min → open the valve 20 min unless it rained today.
 */
export const seedAutomation: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  await database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, ids.users.demo ?? 0);
    const found = await devicesOfTypes(tx, tenantId, ['soil-moisture', 'electric-valve', 'weather-station']);
    const soil = found.find((d) => d.typeKey === 'soil-moisture');
    const valves = found.filter((d) => d.typeKey === 'electric-valve');
    const station = found.find((d) => d.typeKey === 'weather-station');
    const groups = new GroupService();
    const strategies = new StrategyService(null);
    await groups.create(
      ctx,
      groupCreateBody.parse({
        kind: 'device',
        name: '墒情与灌溉',
        members: [...(soil ? [soil] : []), ...valves].map((d) => ({ deviceId: d.id })),
      }),
    );
    const [valve] = valves;
    if (valves.length === 0 || !valve) return;
    const group = await groups.create(
      ctx,
      groupCreateBody.parse({
        kind: 'control',
        name: '灌溉阀门',
        members: valves.map((d) => ({ deviceId: d.id })),
      }),
    );
    if (soil)
      await strategies.create(
        ctx,
        strategyCreateBody.parse({
          name: '缺水自动灌溉',
          trigger: {
            kind: 'condition',
            deviceId: soil.id,
            metric: 'moisture0',
            op: 'lt',
            threshold: 25,
            forMin: 10,
          },
          guards: station ? [{ kind: 'noRainToday', deviceId: station.id }] : [],
          action: { targetKind: 'device', targetId: valve.id, action: 'open', durationMin: 20 },
        }),
      );
    await strategies.create(
      ctx,
      strategyCreateBody.parse({
        name: '傍晚关闭全部阀门',
        trigger: { kind: 'schedule', times: ['19:00'] },
        action: { targetKind: 'group', targetId: group.id, action: 'close' },
      }),
    );
  });
};
