import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { farmLogs } from './farm-log.tables.js';

/** A farm log entry as a season's timeline shows it. */
export interface SeasonLog {
  id: number;
  title: string;
  level: string;
  description: string | null;
  pictures: string[];
  landId: number | null;
  /** manual | camera | task | device */
  source: string;
  logTime: Date;
}

/**
 * Logs of these plots within [from, to) — manual, device and camera entries (trace records read them,
 * ADR 0009). Oldest first, at most `limit`.
 */
export const farmLogsOfPlots = async (
  db: Db,
  tenantId: number,
  f: { landIds: readonly number[]; from: Date; to: Date; limit: number },
): Promise<SeasonLog[]> => {
  if (f.landIds.length === 0) return [];
  return db
    .select({
      id: farmLogs.id,
      title: farmLogs.title,
      level: farmLogs.level,
      description: farmLogs.description,
      pictures: farmLogs.pictures,
      landId: farmLogs.landId,
      source: farmLogs.source,
      logTime: farmLogs.logTime,
    })
    .from(farmLogs)
    .where(
      and(
        eq(farmLogs.tenantId, tenantId),
        inArray(farmLogs.landId, [...f.landIds]),
        gte(farmLogs.logTime, f.from),
        lt(farmLogs.logTime, f.to),
      ),
    )
    .orderBy(asc(farmLogs.logTime), asc(farmLogs.id))
    .limit(f.limit);
};
