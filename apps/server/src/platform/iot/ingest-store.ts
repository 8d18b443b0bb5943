import {
  type DeviceTouch,
  type HourlyDelta,
  insertStatusLog,
  insertTelemetry,
  lockDevicesForIngest,
  type StatusLogRow,
  type TelemetryRow,
  touchDevices,
  upsertHourly,
} from '../../modules/iot/telemetry/telemetry.repository.js';
import type { Database } from '../db/client.js';
import type { CommandAck, StatusChange, StoredReading } from './iot.js';

// What one ingest transaction does with a tenant's share of a batch (docs/device-protocol.md §4.1).

/** A registered device a message came from (from broker authentication or a topic lookup). */
export interface KnownDevice {
  tenantId: number;
  deviceId: number;
  typeKey: string;
  eui: string;
}

export interface Settle {
  resolve(): void;
  reject(err: unknown): void;
}

/** A validated message waiting in the queue. */
export type Item =
  | { kind: 'up'; device: KnownDevice; row: TelemetryRow; done: Settle }
  | {
      kind: 'status';
      device: KnownDevice;
      online: boolean;
      reason: string | null;
      will: boolean;
      done: Settle;
    }
  | { kind: 'ack'; device: KnownDevice; ack: Omit<CommandAck, 'tenantId' | 'deviceId'>; done: Settle };

const HOUR_MS = 3600_000;

export interface Outcome {
  /** Items of devices disabled or deleted by then: not stored. */
  refused: Set<Item>;
  upCount: number;
  readings: StoredReading[];
  changes: StatusChange[];
  acks: CommandAck[];
}

type Tx = Parameters<Parameters<Database['withTenant']>[1]>[0];

/** One tenant's share of a batch, in one transaction: readings, rollups, device state, status log. */
export const storeItems = async (
  tx: Tx,
  tenantId: number,
  batch: readonly Item[],
  at: Date,
): Promise<Outcome> => {
  const enabled = await lockDevicesForIngest(tx, tenantId, [...new Set(batch.map((i) => i.device.deviceId))]);
  const refused = new Set<Item>();
  for (const i of batch) {
    const state = enabled.get(i.device.deviceId);
    // A disabled device's goodbye (its offline status, e.g. the will the broker publishes when it
    // drops the session) still marks it offline; nothing else of it is stored.
    const goodbye = state === false && i.kind === 'status' && !i.online;
    if (state !== true && !goodbye) refused.add(i);
  }
  const items = refused.size === 0 ? batch : batch.filter((i) => !refused.has(i));
  const ups = items.filter((i): i is Extract<Item, { kind: 'up' }> => i.kind === 'up');
  const fresh = await insertTelemetry(
    tx,
    tenantId,
    ups.map((u) => u.row),
  );
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
  return { refused, upCount: ups.length, readings, changes, acks };
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
