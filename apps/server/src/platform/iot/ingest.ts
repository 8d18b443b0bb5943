import {
  ackPayload,
  DEVICE_PAYLOAD_MAX_BYTES,
  decodeDevicePayload,
  statusPayload,
  validateTelemetry,
} from '@tilth/contracts/device-protocol.types';
import {
  type DeviceTouch,
  type HourlyDelta,
  insertStatusLog,
  insertTelemetry,
  type StatusLogRow,
  type TelemetryRow,
  touchDevices,
  upsertHourly,
} from '../../modules/telemetry/telemetry.repository.js';
import type { Database } from '../db/client.js';
import type { EventHub } from './events.js';
import type { HookRegistry } from './hooks.js';
import type { IngestCounters } from './ingest-counters.js';
import type { CommandAck, StatusChange, StoredReading } from './iot.js';
import { DeviceRateLimiter, type RateLimit } from './rate-limit.js';

/** A registered device a message came from (from broker authentication or a topic lookup). */
export interface KnownDevice {
  tenantId: number;
  deviceId: number;
  typeKey: string;
  eui: string;
}

export type InboundKind = 'up' | 'status' | 'ack';

export interface InboundMessage {
  device: KnownDevice;
  kind: InboundKind;
  payload: Uint8Array;
  /** The broker published the device's last will. */
  will?: boolean;
}

type Item =
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

interface Settle {
  resolve(): void;
  reject(err: unknown): void;
}

export interface IngestOptions {
  /** Most messages stored in one transaction. */
  maxBatch?: number;
  now?: () => number;
  /** Fair-use limit per device (MQTT_DEVICE_RATE / MQTT_DEVICE_BURST); absent or rate 0: none. */
  rateLimit?: RateLimit;
  /** Told about a device over its limit, at most once a minute per device (for the log). */
  onRateLimited?: (device: KnownDevice) => void;
}

const HOUR_MS = 3600_000;

/**
 * Validates device messages and stores them in batches with group commit: the first message starts a
 * flush on the next tick, messages arriving meanwhile wait for the next one, so a lone message is
 * stored at once and a burst rides in few transactions. submit() resolves after the commit — the
 * broker sends the PUBACK then — or at once for a message that is counted and dropped; it rejects
 * when the database failed, so the device keeps the message and sends it again.
 */
export class Ingest {
  private queue: Item[] = [];
  private flushing: Promise<void> | undefined;
  private readonly maxBatch: number;
  private readonly now: () => number;
  private readonly limiter: DeviceRateLimiter;
  private readonly onRateLimited: ((device: KnownDevice) => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly events: EventHub,
    private readonly hooks: HookRegistry,
    private readonly counters: IngestCounters,
    opts: IngestOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 2000;
    this.now = opts.now ?? Date.now;
    this.limiter = new DeviceRateLimiter(opts.rateLimit ?? { rate: 0, burst: 0 }, this.now);
    this.onRateLimited = opts.onRateLimited;
  }

  submit(msg: InboundMessage): Promise<void> {
    const { device } = msg;
    const tenantId = device.tenantId;
    // Acks answer our commands and a will comes from the broker: only a device's own chatter is limited.
    if (msg.kind === 'up' || (msg.kind === 'status' && msg.will !== true)) {
      const r = this.limiter.take(`${tenantId}:${device.deviceId}`);
      if (!r.ok) {
        this.counters.count(tenantId, 'rate-limited', `${device.typeKey}/${device.eui}`);
        if (r.log) this.onRateLimited?.(device);
        return Promise.resolve();
      }
    }
    if (msg.payload.length > DEVICE_PAYLOAD_MAX_BYTES) {
      this.counters.count(tenantId, 'oversize', `${msg.payload.length} bytes`);
      return Promise.resolve();
    }
    const decoded = decodeDevicePayload(msg.payload);
    if (!decoded.ok) {
      this.counters.count(tenantId, 'malformed', decoded.reason);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const done = { resolve, reject };
      const item = this.toItem(msg, decoded.value, done);
      if (!item) {
        resolve();
        return;
      }
      this.queue.push(item);
      this.schedule();
    });
  }

  /** Resolves when everything submitted so far is stored (or failed). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private toItem(msg: InboundMessage, value: unknown, done: Settle): Item | undefined {
    const { device } = msg;
    const t = device.tenantId;
    if (msg.kind === 'up') {
      const r = validateTelemetry(device.typeKey, value, { now: this.now() });
      if (r.rejected.length > 0) {
        const first = r.rejected[0];
        this.counters.count(
          t,
          'rejected-value',
          first && `${first.metric}: ${first.reason}`,
          r.rejected.length,
        );
      }
      if (!r.ok) {
        if (r.rejected.length === 0) this.counters.count(t, 'malformed', r.reason);
        return undefined;
      }
      const { ts, seq, values } = r.telemetry;
      return { kind: 'up', device, row: { deviceId: device.deviceId, seq, ts, values }, done };
    }
    if (msg.kind === 'status') {
      const p = statusPayload.safeParse(value);
      if (!p.success) {
        this.counters.count(t, 'malformed', `status: ${p.error.issues[0]?.message ?? 'invalid'}`);
        return undefined;
      }
      const will = msg.will === true;
      return { kind: 'status', device, online: p.data.online, reason: p.data.reason ?? null, will, done };
    }
    const p = ackPayload.safeParse(value);
    if (!p.success) {
      this.counters.count(t, 'malformed', `ack: ${p.error.issues[0]?.message ?? 'invalid'}`);
      return undefined;
    }
    let values: Record<string, number> | undefined;
    if (p.data.values) {
      // Ack values go through the same metric checks as telemetry; bad ones are dropped.
      const v = validateTelemetry(device.typeKey, { ts: this.now(), seq: 0, values: p.data.values });
      values = v.ok ? v.telemetry.values : undefined;
    }
    const ack = {
      cmdId: p.data.cmdId,
      ok: p.data.ok,
      stage: p.data.stage,
      message: p.data.message,
      values,
      at: new Date(this.now()),
    };
    return { kind: 'ack', device, ack, done };
  }

  private schedule(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((resolve) => {
      // setImmediate: every packet of the socket chunk being parsed joins this batch.
      setImmediate(() => {
        void this.drainQueue().finally(() => {
          this.flushing = undefined;
          resolve();
          if (this.queue.length > 0) this.schedule();
        });
      });
    });
  }

  private async drainQueue(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const byTenant = new Map<number, Item[]>();
      for (const item of batch) {
        const list = byTenant.get(item.device.tenantId);
        if (list) list.push(item);
        else byTenant.set(item.device.tenantId, [item]);
      }
      const work = [...byTenant].map(
        ([tenantId, items]) =>
          () =>
            this.storeTenant(tenantId, items),
      );
      // PGlite is one connection: tenants one after the other; PostgreSQL: in parallel.
      if (this.database.kind === 'pglite') for (const w of work) await w();
      else await Promise.all(work.map((w) => w()));
    }
  }

  private async storeTenant(tenantId: number, items: readonly Item[]): Promise<void> {
    const at = new Date(this.now());
    let outcome: Outcome;
    try {
      outcome = await this.database.withTenant(tenantId, (tx) => storeItems(tx, tenantId, items, at));
    } catch (err) {
      if (items.length === 1) {
        for (const item of items) item.done.reject(err);
        return;
      }
      // One message the database refuses must not fail the others: store them one by one.
      for (const item of items) await this.storeTenant(tenantId, [item]);
      return;
    }
    for (const item of items) item.done.resolve();
    this.counters.count(tenantId, 'stored', undefined, outcome.readings.length);
    const dup = outcome.upCount - outcome.readings.length;
    if (dup > 0) this.counters.count(tenantId, 'duplicate', undefined, dup);
    this.publish(tenantId, outcome);
  }

  private publish(tenantId: number, o: Outcome): void {
    for (const r of o.readings) {
      this.events.emit(tenantId, {
        type: 'telemetry',
        deviceId: r.deviceId,
        ts: r.ts.toISOString(),
        values: r.values,
      });
    }
    for (const c of o.changes) {
      this.events.emit(tenantId, {
        type: 'status',
        deviceId: c.deviceId,
        online: c.online,
        at: c.at.toISOString(),
      });
    }
    for (const a of o.acks) {
      if (a.values && Object.keys(a.values).length > 0) {
        this.events.emit(tenantId, {
          type: 'telemetry',
          deviceId: a.deviceId,
          ts: a.at.toISOString(),
          values: a.values,
        });
      }
    }
    this.hooks.fireReadings(o.readings);
    this.hooks.fireStatus(o.changes);
    for (const a of o.acks) this.hooks.fireAck(a);
  }
}

interface Outcome {
  upCount: number;
  readings: StoredReading[];
  changes: StatusChange[];
  acks: CommandAck[];
}

type Tx = Parameters<Parameters<Database['withTenant']>[1]>[0];

/** One tenant's share of a batch, in one transaction: readings, rollups, device state, status log. */
const storeItems = async (tx: Tx, tenantId: number, items: readonly Item[], at: Date): Promise<Outcome> => {
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
  return { upCount: ups.length, readings, changes, acks };
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
