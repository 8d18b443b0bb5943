import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { setPumpFlags } from '../control/index.js';
import { deviceStatusLog } from '../device/index.js';

// Aerator logs (spec 02 §7 aerator fault-log, offline-log). Faults are not stored as events: they are
// the transitions of pumpNFault in the regulator's telemetry (0 → 1 a fault, 1 → 0 recovered).

export interface FaultEvent {
  ts: Date;
  port: number;
  fault: number;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

/** Fault transitions of a regulator's pumps, newest first, paged (limit undefined = all). */
export const listFaultEvents = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  range: TimeRange,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: FaultEvent[]; total: number }> => {
  // Readings of each port's fault flag, compared with the previous reading of the same port; the first
  // reading in range counts only when it reports a fault.
  const transitions = sql`
    with r as (
      select t.ts, p.port, (t.values ->> ('pump' || p.port || 'Fault'))::int as fault
      from telemetry t cross join generate_series(1, 4) as p(port)
      where t.tenant_id = ${tenantId} and t.device_id = ${deviceId}
        and t.ts >= ${range.from} and t.ts <= ${range.to}
        and (t.values ->> ('pump' || p.port || 'Fault')) is not null
    ), x as (
      select ts, port, fault, lag(fault) over (partition by port order by ts) as prev from r
    )
    select ts, port, fault from x
    where (prev is null and fault = 1) or (prev is not null and prev <> fault)`;
  const page = limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;
  const res = (await db.execute(
    sql`select * from (${transitions}) e order by ts desc, port${page}`,
  )) as unknown as { rows: { ts: string | Date; port: number; fault: number }[] };
  const rows = res.rows.map((r) => ({ ts: new Date(r.ts), port: Number(r.port), fault: Number(r.fault) }));
  if (limit === undefined) return { rows, total: rows.length };
  const c = (await db.execute(sql`select count(*)::int as n from (${transitions}) e`)) as unknown as {
    rows: { n: number }[];
  };
  return { rows, total: Number(c.rows[0]?.n ?? 0) };
};

export type StatusLogRow = typeof deviceStatusLog.$inferSelect;

/** Online / offline transitions of one device, newest first. */
export const listStatusLog = (
  db: Db,
  tenantId: number,
  deviceId: number,
  range: TimeRange,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: StatusLogRow[]; total: number }> => {
  const where = and(
    eq(deviceStatusLog.tenantId, tenantId),
    eq(deviceStatusLog.deviceId, deviceId),
    sql`${deviceStatusLog.at} >= ${range.from}`,
    sql`${deviceStatusLog.at} <= ${range.to}`,
  ) as SQL;
  return pageRows(
    db
      .select()
      .from(deviceStatusLog)
      .where(where)
      .orderBy(desc(deviceStatusLog.at), desc(deviceStatusLog.id)),
    () => db.select({ n: count() }).from(deviceStatusLog).where(where),
    limit,
    offset,
  );
};

/**
 * Pump flags from a regulator's readings: pumpNOn → statusFlag, pumpNFault → faultFlag of the pump
 * on port N (called after ingest stored them).
 */
export const applyPumpReadings = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  values: Record<string, number>,
): Promise<void> => {
  for (let port = 1; port <= 4; port++) {
    const on = values[`pump${port}On`];
    const fault = values[`pump${port}Fault`];
    if (on === undefined && fault === undefined) continue;
    await setPumpFlags(db, tenantId, deviceId, port, {
      ...(on === undefined ? {} : { statusFlag: on ? 1 : 0 }),
      ...(fault === undefined ? {} : { faultFlag: fault ? 1 : 0 }),
    });
  }
};
