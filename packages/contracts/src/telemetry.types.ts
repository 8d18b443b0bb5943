import { z } from 'zod';

// Ingest health of a tenant (GET /wfpe/v1/{t}/device/ingest-stats): what was stored and what was
// dropped and why, so an integrator can see a vendor's payload problems without server logs.

export const INGEST_STAT_KINDS = [
  'stored',
  'duplicate',
  'malformed',
  'unknown-device',
  'rejected-value',
  'oversize',
  // Over the device's fair-use allowance (MQTT_DEVICE_RATE / MQTT_DEVICE_BURST), acknowledged and dropped.
  'rate-limited',
] as const;

export const ingestStatsQuery = z.object({
  /**
   * Days back from today, 1-90; default 7. Ingest counters are platform-wide bookkeeping kept per
   * Asia/Shanghai day (platform/iot/ingest-counters.ts), not per tenant zone.
   */
  days: z.coerce.number().int().min(1).max(90).default(7),
});
export type IngestStatsQuery = z.infer<typeof ingestStatsQuery>;

const counts = z.object(
  Object.fromEntries(INGEST_STAT_KINDS.map((k) => [k, z.number().int()])) as Record<
    (typeof INGEST_STAT_KINDS)[number],
    z.ZodNumber
  >,
);

export const ingestStats = z.object({
  /** Counts of this server process since it started (messages; rejected-value counts single values). */
  sinceStart: counts,
  /** Stored per-day counters, newest day first; lastReason is the latest drop reason of that kind. */
  days: z.array(
    z.object({
      day: z.string(),
      kind: z.string(),
      count: z.number().int(),
      lastReason: z.string().nullable(),
    }),
  ),
});
export type IngestStats = z.infer<typeof ingestStats>;
