import mqtt, { type IConnackPacket, type ISubscriptionMap, type MqttClient } from 'mqtt';
import type { IotLog } from './embedded.js';

/** Shared subscription group every server process joins: the broker spreads messages over them. */
export const INGEST_GROUP = 'tilth-ingest';
export const INGEST_TOPICS = ['up', 'status', 'ack'].map((k) => `$share/${INGEST_GROUP}/tilth/+/+/+/${k}`);

/** Pause before a connection whose message could not be stored comes back for the redelivery. */
const RECONNECT_AFTER_FAILURE_MS = 1000;

export interface ExternalOptions {
  url: string;
  /** Fixed per process so the persistent session (clean: false) survives a restart. */
  clientId: string;
  /** Ingest connections; each keeps many messages in flight (the broker's max_inflight_messages). */
  connections: number;
}

/**
 * Ingest through an external broker (Mosquitto, EMQX): persistent-session clients subscribed QoS 1 to
 * the shared subscription. Each connection keeps many messages in flight (up to the broker's
 * max_inflight_messages / receive maximum) and sends each PUBACK after the batch that stored it
 * committed, in arrival order; until then the broker keeps the message and redelivers it to the session
 * after a crash. One message in flight capped a connection at one commit per message (~4,000 msg/s a
 * process).
 */
export class ExternalLink {
  private clients: MqttClient[] = [];
  private closing = false;
  private readonly acks: InOrderAcks[] = [];
  /** Messages each connection handled (the shared subscription's spread, for tests and ops). */
  readonly handled: number[] = [];

  constructor(
    private readonly opts: ExternalOptions,
    /** Stores one message (runtime.publishUplink); resolves after the commit. */
    private readonly feed: (topic: string, payload: Buffer | string) => Promise<boolean>,
    private readonly log: () => IotLog,
  ) {}

  async start(): Promise<void> {
    const n = Math.max(1, this.opts.connections);
    for (let i = 0; i < n; i++) this.handled.push(0);
    // In parallel: a resumed session may start with a backlog (what the broker queued while this process
    // was down); one connection's backlog must not hold the others (nor the process's start) back.
    this.clients = await Promise.all(
      Array.from({ length: n }, (_, i) => this.connect(`${this.opts.clientId}-${i}`, i)),
    );
  }

  /** Most messages each connection had awaiting their PUBACK at once (tests and ops). */
  get peakInFlight(): number[] {
    return this.acks.map((a) => a.peak);
  }

  get connected(): boolean {
    return this.clients.some((c) => c.connected);
  }

  publish(topic: string, payload: string, qos: 0 | 1): Promise<void> {
    const c = this.clients.find((x) => x.connected);
    if (!c) return Promise.reject(new Error('MQTT broker link is down'));
    return c.publishAsync(topic, payload, { qos }).then(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.clients.map((c) => c.endAsync()));
    this.clients = [];
  }

  private async connect(clientId: string, index: number): Promise<MqttClient> {
    const client = mqtt.connect(this.opts.url, {
      clientId,
      clean: false,
      reconnectPeriod: 250,
      connectTimeout: 10_000,
    });
    const acks = new InOrderAcks(client);
    this.acks[index] = acks;
    // Set before the first packet: a resumed session's queue arrives right after the CONNACK, and
    // mqtt.js's default handler acknowledges without storing (connectAsync resolves too late for that).
    client.handleMessage = (packet, callback) => {
      this.handled[index] = (this.handled[index] ?? 0) + 1;
      if (packet.qos !== 1) {
        // QoS 0 has no PUBACK and nothing to redeliver; we subscribe at QoS 1, so QoS 2 never arrives.
        callback();
        this.feed(packet.topic, packet.payload).catch((err: unknown) =>
          this.log().warn({ err, clientId }, 'ingest could not store a QoS 0 message'),
        );
        return;
      }
      // Many in flight: mqtt.js parses the next packet once we call back. Called with an error, it sends
      // no PUBACK of its own (mqtt.js 5 handlers/publish.js; the wire-tap tests would see a second one);
      // InOrderAcks sends ours after the commit, in arrival order.
      const entry = acks.arrived(packet.messageId ?? 0);
      callback(ACK_LATER);
      if (!entry) return; // this connection is being dropped after a failed store
      // A will cannot be told from a status on an external broker; both are status messages.
      this.feed(packet.topic, packet.payload).then(
        () => acks.stored(entry),
        (err: unknown) => {
          if (!acks.failed(entry)) return; // a failure of this connection already dropped it
          // Without the PUBACK the broker redelivers after we reconnect; drop the link to get there. The
          // pause keeps a database outage from turning into a reconnect storm.
          this.log().error({ err }, 'ingest could not store a message; reconnecting to have it redelivered');
          client.end(true, () => {
            setTimeout(() => {
              if (!this.closing) client.reconnect();
            }, RECONNECT_AFTER_FAILURE_MS).unref();
          });
        },
      );
    };
    let first = true;
    client.on('connect', () => {
      if (first) return;
      // A resumed session should keep its subscriptions, but Mosquitto 2.0.11 (Debian 12) does not
      // restore shared subscriptions from its persistence file after a restart, while it reports the
      // session as present (test/scale/failover.broker.test.ts): subscribe again on every reconnect.
      // `resubscribe: true`: mqtt.js would otherwise skip topics it believes subscribed already.
      const again = Object.assign(Object.fromEntries(INGEST_TOPICS.map((t) => [t, { qos: 1 as const }])), {
        resubscribe: true,
      }) as ISubscriptionMap;
      client.subscribe(again, (err) => {
        if (err) this.log().warn({ err: err.message, clientId }, 'MQTT ingest: subscribing again failed');
      });
    });
    const resumed = await new Promise<boolean>((resolve, reject) => {
      const onError = (err: Error) => {
        client.off('connect', onConnect);
        client.end(true);
        reject(err);
      };
      const onConnect = (connack: IConnackPacket) => {
        client.off('error', onError);
        resolve(connack.sessionPresent);
      };
      client.once('connect', onConnect);
      client.once('error', onError);
    });
    first = false;
    client.on('error', (err) => this.log().warn({ err: err.message, clientId }, 'MQTT ingest link error'));
    // A new session is subscribed before start() resolves. A resumed one is subscribed again (see above)
    // without waiting: its SUBACK queues behind the backlog the broker delivers first.
    const subscribed = client.subscribeAsync(INGEST_TOPICS, { qos: 1 });
    if (!resumed) await subscribed;
    else
      subscribed.catch((err: Error) =>
        this.log().warn({ err: err.message, clientId }, 'MQTT ingest: subscribing again failed'),
      );
    return client;
  }
}

/** Passed to mqtt.js's handleMessage callback: go on parsing, but send no PUBACK (we send it later). */
const ACK_LATER = new Error('acknowledged after the commit');

interface Pending {
  readonly id: number;
  /** The connection (socket) it arrived on: a PUBACK is only meaningful there. */
  readonly stream: object;
  stored: boolean;
}

/**
 * PUBACKs of one connection in the order its PUBLISHes arrived (MQTT 3.1.1 §4.6, 5.0 §4.6): a message
 * stored early waits for every earlier one. Batches commit in order, so the wait is short. A new
 * socket (reconnect) forgets the old one's entries: the broker redelivers them and ingest dedupes.
 */
export class InOrderAcks {
  private queue: Pending[] = [];
  private head = 0;
  private stream: object | undefined;
  /** The socket being dropped after a failed store: what still arrives on it is left to redelivery. */
  private dropping: object | undefined;
  /** Most entries awaiting their PUBACK at once. */
  peak = 0;

  constructor(private readonly client: Pick<MqttClient, 'stream'>) {}

  /** Tracks a QoS 1 message; undefined when its connection is being dropped (feed nothing, ack nothing). */
  arrived(id: number): Pending | undefined {
    const stream = this.client.stream;
    if (stream === this.dropping) return undefined;
    if (stream !== this.stream) this.reset(stream);
    const entry: Pending = { id, stream, stored: false };
    this.queue.push(entry);
    this.peak = Math.max(this.peak, this.queue.length - this.head);
    return entry;
  }

  stored(entry: Pending): void {
    if (entry.stream !== this.stream || entry.stream === this.dropping) return;
    entry.stored = true;
    this.flush();
  }

  /** True when this failure should drop the connection (the first one on it). */
  failed(entry: Pending): boolean {
    // A connection that already closed needs no dropping (nor does the new one).
    if (entry.stream !== this.stream || entry.stream !== this.client.stream) return false;
    this.dropping = entry.stream;
    this.reset(undefined);
    return true;
  }

  private reset(stream: object | undefined): void {
    this.queue = [];
    this.head = 0;
    this.stream = stream;
  }

  private flush(): void {
    let n = 0;
    while (this.head + n < this.queue.length && this.queue[this.head + n]?.stored) n++;
    if (n === 0) return;
    // One write for the run: a PUBACK without properties is 4 bytes in 3.1.1 and 5.0 alike.
    const buf = Buffer.allocUnsafe(4 * n);
    for (let i = 0; i < n; i++) {
      const id = this.queue[this.head + i]?.id ?? 0;
      buf.writeUInt8(0x40, 4 * i);
      buf.writeUInt8(2, 4 * i + 1);
      buf.writeUInt16BE(id, 4 * i + 2);
    }
    this.head += n;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    const stream = this.client.stream as NodeJS.WritableStream & { destroyed?: boolean };
    if (stream === this.stream && !stream.destroyed) stream.write(buf);
  }
}
