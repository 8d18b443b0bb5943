import { randomUUID } from 'node:crypto';
import { type DeviceStreamEvent, deviceStreamEvent } from '@tilth/contracts/live-events.types';
import mqtt, { type MqttClient } from 'mqtt';
import { z } from 'zod';
import { type AccessForget, applyRemoteForget, broadcastAccessForgets } from '../auth/access-cache.js';
import type { IotLog } from './embedded.js';
import type { EventHub } from './events.js';

/** Internal topic of a tenant's live events. Devices may neither publish nor subscribe to it (ACLs). */
export const EVENTS_TOPIC_PREFIX = 'tilth-internal/events/';
export const eventsTopic = (tenantId: number): string => `${EVENTS_TOPIC_PREFIX}${tenantId}`;
/** Devices whose cached broker login every process must drop (disabled, deleted, re-keyed). */
export const FORGET_TOPIC = `${EVENTS_TOPIC_PREFIX}forget`;
/** Sessions, users, tenants and applications whose cached access every process must drop (revocations). */
export const ACCESS_TOPIC = `${EVENTS_TOPIC_PREFIX}access`;

const MAX_BATCH = 500;
/** Bytes of events per relayed message: well under a broker's max_packet_size (32 KiB recommended). */
const MAX_MESSAGE_BYTES = 16 * 1024;

const relayed = z.object({ o: z.string(), e: z.array(deviceStreamEvent).max(MAX_BATCH) });
const forgotten = z.object({
  o: z.string(),
  t: z.number().int().nonnegative(),
  d: z.number().int().positive(),
});
const id = z.number().int().nonnegative();
const key = z.string().min(1).max(200);
const accessForget = z.object({
  o: z.string(),
  f: z.discriminatedUnion('k', [
    z.object({ k: z.literal('session'), v: key }),
    z.object({ k: z.literal('user'), v: id }),
    z.object({ k: z.literal('tenant'), v: id }),
    z.object({ k: z.literal('scopes'), v: id }),
    z.object({ k: z.literal('client'), v: key }),
    z.object({ k: z.literal('tz'), v: id }),
    z.object({ k: z.literal('all') }),
  ]),
});

export interface EventRelayOptions {
  url: string;
  clientId: string;
  /** How long events gather before one message per tenant carries them (default 25 ms). */
  flushMs?: number;
  /** Another process changed a device: drop what this one caches of it. */
  onForget?: (tenantId: number, deviceId: number) => void;
}

/**
 * SSE fan-out across server processes on an external broker (docs/scaling.md): each process publishes
 * the live events it emits to `tilth-internal/events/{tenantId}` (QoS 0, batched), and every process
 * subscribes (not shared) and hands the events of others — told apart by a process id in the payload —
 * to its own SSE clients, so each client gets each event once.
 */
export class EventRelay {
  /** This process's id in relayed messages. */
  readonly origin = randomUUID();
  /** Events received from other processes and delivered here (tests, diagnostics). */
  received = 0;
  private client: MqttClient | undefined;
  private readonly pending = new Map<number, DeviceStreamEvent[]>();
  private timer: NodeJS.Timeout | undefined;
  private stopBroadcast: (() => void) | undefined;

  constructor(
    private readonly opts: EventRelayOptions,
    private readonly hub: EventHub,
    private readonly log: () => IotLog,
  ) {}

  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.opts.url, {
      clientId: this.opts.clientId,
      // MQTT 5 for "no local": the broker does not echo this process's own events back to it.
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    client.on('error', (err) => this.log().warn({ err: err.message }, 'MQTT event relay error'));
    client.on('message', (topic, payload) => this.receive(topic, payload));
    // A clean session forgets its subscription on reconnect; mqtt.js resubscribes by itself.
    try {
      await client.subscribeAsync(`${EVENTS_TOPIC_PREFIX}+`, { qos: 0, nl: true });
    } catch (err) {
      await client.endAsync(true);
      throw new Error(`the server's broker account may not subscribe to ${EVENTS_TOPIC_PREFIX}+`, {
        cause: err,
      });
    }
    this.client = client;
    this.hub.relayTo((tenantId, event) => this.push(tenantId, event));
    this.stopBroadcast = broadcastAccessForgets((f) => this.forgetAccess(f));
  }

  async close(): Promise<void> {
    this.stopBroadcast?.();
    this.hub.relayTo(undefined);
    this.flush();
    await this.client?.endAsync();
    this.client = undefined;
  }

  /** Tells the other processes to drop their cached login of a device (after it changed). */
  forget(tenantId: number, deviceId: number): void {
    const client = this.client;
    // QoS 1 to the broker; without a link the others' caches still expire (and ingest checks anyway).
    if (client?.connected)
      client.publish(FORGET_TOPIC, JSON.stringify({ o: this.origin, t: tenantId, d: deviceId }), { qos: 1 });
  }

  /**
   * Tells the other processes that a session, user, tenant or application lost access (QoS 1). Without a
   * link their caches still expire within 5 s, and their streams re-check within TTL (docs/scaling.md).
   */
  private forgetAccess(f: AccessForget): void {
    const client = this.client;
    if (client?.connected) client.publish(ACCESS_TOPIC, JSON.stringify({ o: this.origin, f }), { qos: 1 });
  }

  private push(tenantId: number, event: DeviceStreamEvent): void {
    let list = this.pending.get(tenantId);
    if (!list) {
      list = [];
      this.pending.set(tenantId, list);
    }
    list.push(event);
    if (list.length >= MAX_BATCH) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.opts.flushMs ?? 25);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    for (const [tenantId, events] of this.pending) {
      // Live events are best effort: while the link is down they are dropped, like a closed SSE socket.
      if (!client?.connected) continue;
      const head = `{"o":${JSON.stringify(this.origin)},"e":[`;
      let parts: string[] = [];
      let bytes = 0;
      const send = () => {
        if (parts.length > 0)
          client.publish(eventsTopic(tenantId), `${head}${parts.join(',')}]}`, { qos: 0 });
        parts = [];
        bytes = 0;
      };
      for (const e of events) {
        const json = JSON.stringify(e);
        const size = Buffer.byteLength(json) + 1;
        if (bytes + size > MAX_MESSAGE_BYTES) send();
        parts.push(json);
        bytes += size;
      }
      send();
    }
    this.pending.clear();
  }

  private receive(topic: string, payload: Buffer): void {
    if (topic === FORGET_TOPIC) {
      this.receiveForget(payload);
      return;
    }
    if (topic === ACCESS_TOPIC) {
      this.receiveAccess(payload);
      return;
    }
    if (!topic.startsWith(EVENTS_TOPIC_PREFIX)) return;
    const raw = topic.slice(EVENTS_TOPIC_PREFIX.length);
    if (!/^\d{1,10}$/.test(raw)) return;
    const tenantId = Number(raw);
    // Nobody here listens to that tenant: skip the parse.
    if (this.hub.listenerCount(tenantId) === 0) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const msg = relayed.safeParse(body);
    if (!msg.success) {
      this.log().warn({ topic }, 'dropped a malformed relayed event');
      return;
    }
    // No-local already spares us our own; the id covers brokers or bridges that echo anyway.
    if (msg.data.o === this.origin) return;
    for (const e of msg.data.e) {
      this.received++;
      this.hub.deliver(tenantId, e);
    }
  }

  private receiveForget(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const msg = forgotten.safeParse(body);
    if (!msg.success || msg.data.o === this.origin) return;
    this.opts.onForget?.(msg.data.t, msg.data.d);
  }

  private receiveAccess(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const msg = accessForget.safeParse(body);
    if (!msg.success) {
      this.log().warn({ topic: ACCESS_TOPIC }, 'dropped a malformed access change');
      return;
    }
    if (msg.data.o === this.origin) return;
    applyRemoteForget(msg.data.f);
  }
}
