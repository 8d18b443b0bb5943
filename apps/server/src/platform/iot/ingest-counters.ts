import type { Database } from '../db/client.js';
import type { StatsDelta, TelemetrySink } from './ports.js';

/** What ingest counts (ingest_stats.kind): messages, except rejected-value which counts single values. */
export const INGEST_KINDS = [
  'stored',
  'duplicate',
  'malformed',
  'unknown-device',
  'rejected-value',
  'oversize',
  // Over the device's fair-use allowance (MQTT_DEVICE_RATE / MQTT_DEVICE_BURST), acknowledged and dropped.
  'rate-limited',
] as const;
export type IngestKind = (typeof INGEST_KINDS)[number];

/** The calendar day in Asia/Shanghai (the farms' day) of an instant, as YYYY-MM-DD. */
export const shanghaiDay = (ms: number): string => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

interface Pending {
  count: number;
  lastReason: string | undefined;
}

/**
 * Ingest outcome counters: totals since the process started (in memory, cheap to bump on every
 * message) and deltas not yet added to ingest_stats, which flush() writes per tenant and day.
 */
export class IngestCounters {
  private readonly totals = new Map<number, Map<string, number>>();
  private pending = new Map<string, Pending>();

  constructor(
    /** Writes the deltas (the telemetry domain's ingest_stats). */
    private readonly sink: Pick<TelemetrySink, 'addStats'>,
    private readonly now: () => number = Date.now,
  ) {}

  count(tenantId: number, kind: IngestKind, reason?: string, n = 1): void {
    if (n <= 0) return;
    let t = this.totals.get(tenantId);
    if (!t) {
      t = new Map();
      this.totals.set(tenantId, t);
    }
    t.set(kind, (t.get(kind) ?? 0) + n);
    const key = `${tenantId}|${shanghaiDay(this.now())}|${kind}`;
    const p = this.pending.get(key);
    if (p) {
      p.count += n;
      if (reason) p.lastReason = reason;
    } else this.pending.set(key, { count: n, lastReason: reason });
  }

  /** Totals since the process started, every kind present (zero when none). */
  totalsOf(tenantId: number): Record<IngestKind, number> {
    const t = this.totals.get(tenantId);
    const out = {} as Record<IngestKind, number>;
    for (const k of INGEST_KINDS) out[k] = t?.get(k) ?? 0;
    return out;
  }

  /** Adds pending deltas to ingest_stats; a tenant whose write fails keeps its deltas for next time. */
  async flush(database: Database): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const byTenant = new Map<number, StatsDelta[]>();
    for (const [key, p] of batch) {
      const [t, day, kind] = key.split('|') as [string, string, string];
      const list = byTenant.get(Number(t)) ?? [];
      list.push({ day, kind, count: p.count, detail: p.lastReason ? { lastReason: p.lastReason } : null });
      byTenant.set(Number(t), list);
    }
    for (const [tenantId, deltas] of byTenant) {
      try {
        await database.withTenant(tenantId, (tx) => this.sink.addStats(tx, tenantId, deltas));
      } catch {
        for (const d of deltas) {
          const key = `${tenantId}|${d.day}|${d.kind}`;
          const p = this.pending.get(key);
          if (p) p.count += d.count;
          else this.pending.set(key, { count: d.count, lastReason: undefined });
        }
      }
    }
  }
}
