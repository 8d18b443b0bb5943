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
  /** Ingest connections: mqtt.js handles one message per connection at a time, so use several. */
  connections: number;
}

/**
 * Ingest through an external broker (Mosquitto, EMQX): persistent-session clients subscribed QoS 1 to
 * the shared subscription. mqtt.js sends the PUBACK when handleMessage calls back, which we do after
 * the commit; until then the broker keeps the message and redelivers it to the session after a crash.
 */
export class ExternalLink {
  private clients: MqttClient[] = [];
  private closing = false;
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
    // was down), stored one message at a time per connection; one connection's backlog must not hold
    // the others (nor the process's start) back.
    this.clients = await Promise.all(
      Array.from({ length: n }, (_, i) => this.connect(`${this.opts.clientId}-${i}`, i)),
    );
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
    // Set before the first packet: a resumed session's queue arrives right after the CONNACK, and
    // mqtt.js's default handler acknowledges without storing (connectAsync resolves too late for that).
    client.handleMessage = (packet, callback) => {
      this.handled[index] = (this.handled[index] ?? 0) + 1;
      // A will cannot be told from a status on an external broker; both are status messages.
      this.feed(packet.topic, packet.payload).then(
        () => callback(),
        (err: unknown) => {
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
