import { alarmRuleCreateBody, alarmStaffCreateBody } from '@tilth/contracts/alarm.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { devicesOfTypes } from '../device/index.js';
import { AlarmService } from './alarm.service.js';
import { AlarmStaffService } from './alarm-staff.service.js';

/** Alarm contacts and rules of the demo farm on its simulated devices (soil, fish ponds, gateways). */
export const seedAlarms: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo ?? 0;
  await database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, userId);
    const staff = new AlarmStaffService();
    const alarms = new AlarmService();
    const me = await staff.create(
      ctx,
      alarmStaffCreateBody.parse({ name: '演示管理员', userId, minSeverity: 'warning' }),
    );
    const operator = ids.users.operator;
    const staffIds = [me.id];
    if (operator) {
      const op = await staff.create(
        ctx,
        alarmStaffCreateBody.parse({
          name: '李农',
          userId: operator,
          phone: '13800000002',
          notifySms: true,
          minSeverity: 'critical',
        }),
      );
      staffIds.push(op.id);
    }
    const found = await devicesOfTypes(tx, tenantId, ['soil-moisture', 'water-quality']);
    const soil = found.find((d) => d.typeKey === 'soil-moisture');
    const pond = found.find((d) => d.typeKey === 'water-quality');
    const rules: unknown[] = [
      ...(soil
        ? [
            {
              name: `${soil.name}表层缺水`,
              deviceId: soil.id,
              metric: 'moisture0',
              op: 'lt',
              threshold: 25,
              durationMin: 10,
              severity: 'warning',
              staffIds,
            },
          ]
        : []),
      ...(pond
        ? [
            {
              name: `${pond.name}溶解氧偏低`,
              deviceId: pond.id,
              metric: 'dissolvedOxygen',
              op: 'lt',
              threshold: 3,
              durationMin: 5,
              severity: 'critical',
              staffIds,
            },
          ]
        : []),
      {
        name: '网关离线',
        kind: 'offline',
        typeKey: 'gateway',
        durationMin: 10,
        severity: 'warning',
        staffIds,
      },
      {
        name: '高温预警',
        typeKey: 'weather-station',
        metric: 'airTemp',
        op: 'gte',
        threshold: 35,
        durationMin: 30,
        severity: 'info',
        staffIds,
      },
    ];
    for (const r of rules) await alarms.createRule(ctx, alarmRuleCreateBody.parse(r));
  });
};
