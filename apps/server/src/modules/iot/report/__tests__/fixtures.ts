import { hashDeviceSecret } from '../../../../platform/iot/device-secret.js';
import type { TestServer } from '../../../../test/harness.js';
import { devices } from '../../device/device.tables.js';
import { telemetryHourly } from '../../telemetry/telemetry.tables.js';

// Test-only writers: devices and hourly rollups as ingest would leave them, inserted directly so report
// arithmetic can be checked against hand-computed numbers.

export const insertDevice = async (
  s: TestServer,
  tenantId: number,
  d: { typeKey: string; name: string; eui: string; areaId?: number; secret?: string },
): Promise<number> =>
  s.platform.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .insert(devices)
      .values({
        tenantId,
        typeKey: d.typeKey,
        name: d.name,
        eui: d.eui,
        areaId: d.areaId ?? null,
        secretHash: d.secret ? hashDeviceSecret(d.secret) : null,
        secretIssuedAt: d.secret ? new Date() : null,
      })
      .returning({ id: devices.id });
    if (!row) throw new Error('device not inserted');
    return row.id;
  });

export interface HourRow {
  /** UTC hour, e.g. '2024-04-30T16:00:00Z' (= 00:00 on 1 May in Asia/Shanghai). */
  hour: string;
  sum: number;
  count: number;
  min?: number;
  max?: number;
}

export const insertHourly = async (
  s: TestServer,
  tenantId: number,
  deviceId: number,
  metric: string,
  rows: HourRow[],
): Promise<void> =>
  s.platform.database.withTenant(tenantId, async (tx) => {
    await tx.insert(telemetryHourly).values(
      rows.map((r) => {
        const avg = r.sum / r.count;
        return {
          tenantId,
          deviceId,
          metric,
          bucket: new Date(r.hour),
          count: r.count,
          sum: r.sum,
          min: r.min ?? avg,
          max: r.max ?? avg,
          last: avg,
          lastTs: new Date(r.hour),
        };
      }),
    );
  });
