import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { Database, Db } from '../../../platform/db/client.js';
import type { CommandAck, StatusChange, StoredReading } from '../../../platform/iot/iot.js';
import type { IngestItem, IngestOutcome, StatsDelta, TelemetrySink } from '../../../platform/iot/ports.js';
import { listTenantIds, tenantTimeZone } from '../../identity/tenant/index.js';
import { enqueuePush, pushWanted } from '../../messaging/push/index.js';
import {
  addIngestStats,
  type DeviceTouch,
  dailyCutElsewhere,
  dailyWatermark,
  databaseNow,
  deleteTelemetry,
  type HourlyDelta,
  insertStatusLog,
  insertTelemetry,
  lockDevicesForIngest,
  markSilentOffline,
  recutDaily,
  rollupDaily,
  type StatusLogRow,
  type TelemetryRow,
  touchDevices,
  upsertHourly,
} from './telemetry.repository.js';

// Telemetry storage behind the platform's ingest (docs/device-protocol.md §4.1): what one ingest
// transaction does with a tenant's share of a batch, the silence sweep and the daily rollups. The
// platform calls it through TelemetrySink (platform/iot/ports.ts); app/server.ts wires it in.

type Item = IngestItem;

const HOUR_MS = 3600_000;

/** Hourly rows written by a transaction that started before a rollup run but committed after it. */
const ROLLUP_MARGIN_MS = 5 * 60_000;

const upCount = (items: readonly Item[]): number => items.filter((i) => i.kind === 'up').length;

/** One tenant's share of a batch, in one transaction: readings, rollups, device state, status log. */
export const storeItems = async (
  tx: Db,
  tenantId: number,
  batch: readonly Item[],
  at: Date,
): Promise<IngestOutcome> => {
  const deviceIds = [...new Set(batch.map((i) => i.device.deviceId))];
  // Readings first, under key-share locks that other processes' batches do not wait for.
  const early = await lockDevicesForIngest(tx, tenantId, deviceIds, 'key share');
  const ups = batch.filter(
    (i): i is Extract<Item, { kind: 'up' }> => i.kind === 'up' && early.get(i.device.deviceId) === true,
  );
  const inserted = await insertTelemetry(
    tx,
    tenantId,
    ups.map((u) => u.row),
  );
  // Then the rows for update: waits for a disable in flight and for another batch moving these devices.
  const enabled = await lockDevicesForIngest(tx, tenantId, deviceIds, 'no key update');
  const refused = new Set<Item>();
  for (const i of batch) {
    const state = enabled.get(i.device.deviceId);
    // A disabled device's goodbye (its offline status, e.g. the will the broker publishes when it
    // drops the session) still marks it offline; nothing else of it is stored.
    const goodbye = state === false && i.kind === 'status' && !i.online;
    // A reading is kept only if its device was enabled at both locks (it was written at the first).
    const written = i.kind !== 'up' || early.get(i.device.deviceId) === true;
    if ((state !== true || !written) && !goodbye) refused.add(i);
  }
  // Disabled between the two locks (rare): its readings written above are taken back.
  const fresh = inserted.filter((f) => enabled.get(f.deviceId) === true);
  if (fresh.length < inserted.length) {
    await deleteTelemetry(
      tx,
      tenantId,
      inserted.filter((f) => enabled.get(f.deviceId) !== true),
    );
  }
  const items = refused.size === 0 ? batch : batch.filter((i) => !refused.has(i));
  const freshKeys = new Set(fresh.map((f) => `${f.deviceId}:${f.seq}`));
  // A batch may carry the same (device, seq) twice; only the first copy counts.
  const readings: StoredReading[] = [];
  const rows: TelemetryRow[] = [];
  for (const u of ups) {
    const key = `${u.row.deviceId}:${u.row.seq}`;
    if (!freshKeys.delete(key)) continue;
    rows.push(u.row);
    readings.push({
      tenantId,
      deviceId: u.row.deviceId,
      typeKey: u.device.typeKey,
      ts: new Date(u.row.ts),
      values: u.row.values,
    });
  }
  await upsertHourly(tx, tenantId, hourlyDeltas(rows));

  const touches = new Map<number, DeviceTouch & { source: string; reason: string | null }>();
  const touch = (deviceId: number) => {
    let t = touches.get(deviceId);
    if (!t) {
      t = {
        deviceId,
        metrics: {},
        maxTs: null,
        maxSeq: null,
        online: null,
        seen: false,
        source: '',
        reason: null,
      };
      touches.set(deviceId, t);
    }
    return t;
  };
  const merge = (t: DeviceTouch, ts: number, values: Record<string, number>) => {
    for (const [k, v] of Object.entries(values)) {
      const cur = t.metrics[k];
      if (!cur || ts >= cur[0]) t.metrics[k] = [ts, v];
    }
    t.maxTs = t.maxTs === null ? ts : Math.max(t.maxTs, ts);
  };
  const acks: CommandAck[] = [];
  // Arrival order decides the final online state of a device that sent several messages.
  for (const item of items) {
    const t = touch(item.device.deviceId);
    if (item.kind === 'up') {
      t.seen = true;
      t.online = true;
      t.source = 'telemetry';
      t.reason = null;
      t.maxSeq = t.maxSeq === null ? item.row.seq : Math.max(t.maxSeq, item.row.seq);
    } else if (item.kind === 'status') {
      if (!item.will) t.seen = true;
      t.online = item.online;
      t.source = item.will ? 'will' : 'status';
      t.reason = item.reason;
    } else {
      t.seen = true;
      t.online = true;
      t.source = 'telemetry';
      t.reason = null;
      if (item.ack.values) merge(t, at.getTime(), item.ack.values);
      acks.push({ tenantId, deviceId: item.device.deviceId, ...item.ack });
    }
  }
  for (const r of rows) merge(touch(r.deviceId), r.ts, r.values);
  const touched = await touchDevices(tx, tenantId, [...touches.values()]);
  const changes: StatusChange[] = [];
  const log: StatusLogRow[] = [];
  for (const d of touched) {
    if (d.wasOnline === d.online) continue;
    const t = touches.get(d.deviceId);
    const source = t?.source || 'status';
    changes.push({ tenantId, deviceId: d.deviceId, typeKey: d.typeKey, online: d.online, source, at });
    log.push({ deviceId: d.deviceId, online: d.online, source, reason: t?.reason ?? null, at });
  }
  await insertStatusLog(tx, tenantId, log);
  await pushIngested(tx, tenantId, items, rows, changes, acks);
  return { refused, upCount: upCount(items), readings, changes, acks };
};

/**
 * Data push events of one stored batch, queued in its transaction: its readings as one device.reading
 * event, online/offline changes and command results (a no-op for a tenant nobody subscribes for).
 */
const pushIngested = async (
  tx: Db,
  tenantId: number,
  items: readonly Item[],
  rows: readonly TelemetryRow[],
  changes: readonly StatusChange[],
  acks: readonly CommandAck[],
): Promise<void> => {
  const euis = new Map<number, { typeKey: string; eui: string }>();
  for (const i of items) euis.set(i.device.deviceId, i.device);
  const who = (deviceId: number) => ({ deviceId, ...euis.get(deviceId) });
  // One event per stored batch, carrying its readings: a row per reading doubled the cost of a batch.
  // Built only when a subscription wants it (a payload object per reading was 3 % of the ingest thread).
  if (rows.length > 0 && (await pushWanted(tx, tenantId, 'device.reading')))
    await enqueuePush(tx, tenantId, 'device.reading', [
      {
        readings: rows.map((r) => ({
          ...who(r.deviceId),
          seq: r.seq,
          ts: new Date(r.ts).toISOString(),
          values: r.values,
        })),
      },
    ]);
  for (const online of [true, false]) {
    await enqueuePush(
      tx,
      tenantId,
      online ? 'device.online' : 'device.offline',
      changes
        .filter((c) => c.online === online)
        .map((c) => ({ ...who(c.deviceId), online, source: c.source, at: c.at.toISOString() })),
    );
  }
  await enqueuePush(
    tx,
    tenantId,
    'command.result',
    acks.map((a) => ({
      ...who(a.deviceId),
      cmdId: a.cmdId,
      ok: a.ok,
      stage: a.stage,
      message: a.message ?? null,
      values: a.values ?? null,
      at: a.at.toISOString(),
    })),
  );
};

/** Folds new readings into per (device, metric, hour) deltas for the additive hourly upsert. */
export const hourlyDeltas = (rows: readonly TelemetryRow[]): HourlyDelta[] => {
  const map = new Map<string, HourlyDelta>();
  for (const r of rows) {
    const bucket = Math.floor(r.ts / HOUR_MS) * HOUR_MS;
    for (const [metric, v] of Object.entries(r.values)) {
      const key = `${r.deviceId}:${metric}:${bucket}`;
      const h = map.get(key);
      if (!h) {
        map.set(key, {
          deviceId: r.deviceId,
          metric,
          bucket,
          count: 1,
          sum: v,
          min: v,
          max: v,
          last: v,
          lastTs: r.ts,
        });
        continue;
      }
      h.count++;
      h.sum += v;
      h.min = Math.min(h.min, v);
      h.max = Math.max(h.max, v);
      if (r.ts >= h.lastTs) {
        h.last = v;
        h.lastTs = r.ts;
      }
    }
  }
  return [...map.values()];
};

/** The telemetry domain's TelemetrySink: storage, the silence sweep and the daily rollups. */
export class TelemetryIngest implements TelemetrySink {
  private readonly rollupSince = new Map<number, Date | null>();
  /** The zone each tenant's daily rows were last found cut in. */
  private readonly rollupZone = new Map<number, string | null>();
  private rolling: Promise<number> | undefined;

  constructor(private readonly database: Database) {}

  store(tx: Db, tenantId: number, batch: readonly IngestItem[], at: Date): Promise<IngestOutcome> {
    return storeItems(tx, tenantId, batch, at);
  }

  addStats(tx: Db, tenantId: number, deltas: readonly StatsDelta[]): Promise<void> {
    return addIngestStats(tx, tenantId, deltas);
  }

  async sweepSilence(
    at: Date,
    announce: (tenantId: number, changes: StatusChange[]) => void,
  ): Promise<number> {
    const timeouts = DEVICE_TYPES.map((t) => ({ typeKey: t.key, seconds: t.silenceTimeoutSec }));
    let n = 0;
    for (const tenantId of await listTenantIds(this.database.db)) {
      const changes: StatusChange[] = await this.database.withTenant(tenantId, async (tx) => {
        const gone = await markSilentOffline(tx, tenantId, timeouts, at);
        await insertStatusLog(
          tx,
          tenantId,
          gone.map((g) => ({ deviceId: g.deviceId, online: false, source: 'silence', reason: null, at })),
        );
        await enqueuePush(
          tx,
          tenantId,
          'device.offline',
          gone.map((g) => ({
            deviceId: g.deviceId,
            typeKey: g.typeKey,
            online: false,
            source: 'silence',
            at,
          })),
        );
        return gone.map((g) => ({ ...g, tenantId, online: false, source: 'silence', at }));
      });
      announce(tenantId, changes);
      n += changes.length;
    }
    return n;
  }

  /**
   * Recomputes telemetry_daily from the hourly rows updated since the last run (every tenant, or one).
   * A tenant whose zone is not the one its rows were last checked in has them checked, and cut again
   * whole when a row does not start at its midnight (ADR 0010: the tenant changed its zone).
   * Runs are serialised; answers the number of daily rows written.
   */
  refreshDailyRollups(tenantId?: number): Promise<number> {
    const run = async (): Promise<number> => {
      const ids = tenantId === undefined ? await listTenantIds(this.database.db) : [tenantId];
      let n = 0;
      for (const t of ids) {
        const r = await this.database.withTenant(t, async (tx) => {
          const started = await databaseNow(tx);
          const mark = this.rollupSince.has(t)
            ? (this.rollupSince.get(t) ?? null)
            : await dailyWatermark(tx, t);
          const since = mark && new Date(mark.getTime() - ROLLUP_MARGIN_MS);
          const zone = (await tenantTimeZone(tx, t)) ?? null;
          const recut =
            this.rollupZone.get(t) !== zone && (await dailyCutElsewhere(tx, t)) ? await recutDaily(tx, t) : 0;
          return { started, zone, written: recut + (await rollupDaily(tx, t, since)) };
        });
        // Moved only after the commit: a failed run is redone from the same point.
        this.rollupSince.set(t, r.started);
        this.rollupZone.set(t, r.zone);
        n += r.written;
      }
      return n;
    };
    const next = (this.rolling ?? Promise.resolve(0)).catch(() => 0).then(run);
    this.rolling = next;
    return next;
  }

  async idle(): Promise<void> {
    await this.rolling?.catch(() => undefined);
  }
}
