import {
  ackPayload,
  DEVICE_PAYLOAD_MAX_BYTES,
  decodeDevicePayload,
  statusPayload,
  validateTelemetry,
} from '@tilth/contracts/device-protocol.types';
import type { Database } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { EventHub } from './events.js';
import type { HookRegistry } from './hooks.js';
import type { IngestCounters } from './ingest-counters.js';
import type {
  IngestItem as Item,
  KnownDevice,
  IngestOutcome as Outcome,
  Settle,
  TelemetrySink,
} from './ports.js';
import { DeviceRateLimiter, type RateLimit } from './rate-limit.js';

export type { KnownDevice } from './ports.js';

export type InboundKind = 'up' | 'status' | 'ack';

export interface InboundMessage {
  device: KnownDevice;
  kind: InboundKind;
  payload: Uint8Array;
  /** The broker published the device's last will. */
  will?: boolean;
}

export interface IngestOptions {
  /**
   * Most messages stored in one transaction. Batches grow with the load (what arrived while the last one
   * committed), and each batch costs PostgreSQL about the same per distinct device, so a high cap is what
   * lets one process keep up: 1,000 devices at 20,000 msg/s stored 9,300 msg/s with 2,000, 20,800 with
   * 16,000 (docs/benchmarks.md). At low rates batches stay small, so latency does not change.
   */
  maxBatch?: number;
  now?: () => number;
  /** Fair-use limit per device (MQTT_DEVICE_RATE / MQTT_DEVICE_BURST); absent or rate 0: none. */
  rateLimit?: RateLimit;
  /** Told about a device over its limit, at most once a minute per device (for the log). */
  onRateLimited?: (device: KnownDevice) => void;
}

/**
 * A message refused because its device was disabled or deleted by the time it would be stored. The
 * embedded broker then sends no PUBACK and drops the connection; other paths count it and move on.
 */
export class DeviceRefusedError extends Error {
  constructor(readonly device: KnownDevice) {
    super(`device ${device.typeKey}/${device.eui} is disabled or deleted`);
    this.name = 'DeviceRefusedError';
  }
}

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
    /** Stores what a batch accepted (the telemetry domain's, wired by app/server.ts). */
    private readonly sink: Pick<TelemetrySink, 'store'>,
    opts: IngestOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 16_000;
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
      outcome = await this.database.withTenant(tenantId, (tx) => this.sink.store(tx, tenantId, items, at));
    } catch (err) {
      // The database is down or failing over: every message of the batch fails alike, at once (the broker
      // keeps them unacknowledged), rather than one connection attempt after another.
      if (items.length === 1 || isDatabaseUnavailable(err)) {
        for (const item of items) item.done.reject(err);
        return;
      }
      // One message the database refuses must not fail the others: store them one by one.
      for (const item of items) await this.storeTenant(tenantId, [item]);
      return;
    }
    for (const item of items) {
      if (outcome.refused.has(item)) item.done.reject(new DeviceRefusedError(item.device));
      else item.done.resolve();
    }
    if (outcome.refused.size > 0)
      this.counters.count(tenantId, 'unknown-device', 'disabled or deleted', outcome.refused.size);
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
