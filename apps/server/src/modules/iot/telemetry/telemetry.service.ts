import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { INGEST_STAT_KINDS, type IngestStats, type IngestStatsQuery } from '@tilth/contracts/telemetry.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { shanghaiDay } from '../../../platform/iot/ingest-counters.js';
import type { Platform } from '../../../platform/platform.js';
import { listIngestStats } from './telemetry.repository.js';

/** Any equipment page's view code: ingest health and the live stream are equipment data. */
export const TELEMETRY_ACCESS: readonly PermissionCode[] = [
  ...new Set(DEVICE_TYPES.map((t) => t.permissions.view)),
];

export const ingestStatsOf = async (
  ctx: Ctx,
  platform: Platform,
  q: IngestStatsQuery,
): Promise<IngestStats> => {
  requireTenant(ctx);
  requireAccess(ctx, TELEMETRY_ACCESS);
  const from = shanghaiDay(Date.now() - (q.days - 1) * 86_400_000);
  const days = await listIngestStats(ctx.db, ctx.tenantId, from);
  const totals = platform.iot.ingestTotals(ctx.tenantId);
  const sinceStart = Object.fromEntries(
    INGEST_STAT_KINDS.map((k) => [k, totals[k] ?? 0]),
  ) as IngestStats['sinceStart'];
  return { sinceStart, days };
};
