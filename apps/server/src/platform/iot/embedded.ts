import type { AuthenticateError, Client } from 'aedes';
import {
  type BrokerHooks,
  type BrokerLimits,
  type BrokerRefusal,
  type EmbeddedBroker,
  startEmbeddedBroker,
} from '../mqtt/broker.js';
import { checkDeviceLogin, type DeviceIdentity, maySubscribe, publishKind } from './device-acl.js';
import type { DeviceDirectory } from './directory.js';
import { DeviceRefusedError, type Ingest } from './ingest.js';

export interface IotLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const UPLINK_TOPIC = /^tilth\/[^/]+\/[^/]+\/[^/]+\/(up|status|ack)$/;

const authError = (returnCode: 2 | 4 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * The embedded broker with device authentication and topic confinement (ARCHITECTURE §6), feeding
 * ingest directly: a device's QoS 1 PUBACK is written only after authorizePublish called back, and it
 * calls back only after ingest committed the message.
 */
export class EmbeddedLink {
  private broker: EmbeddedBroker | undefined;
  private readonly identities = new WeakMap<Client, DeviceIdentity>();
  /** Authenticated clients whose connection is open (registered with the broker or about to be). */
  private readonly sessions = new Set<Client>();
  /** Clients of a device that was disabled, deleted or re-keyed: closed, and refused meanwhile. */
  private readonly revoked = new WeakSet<Client>();

  constructor(
    private readonly directory: DeviceDirectory,
    private readonly ingest: Ingest,
    private readonly log: () => IotLog,
  ) {}

  get port(): number | undefined {
    return this.broker?.port;
  }

  async start(port: number, host: string, limits: BrokerLimits): Promise<void> {
    const logged = new Map<BrokerRefusal, number>();
    const onRefused = (why: BrokerRefusal, detail: string, remote: string | undefined) => {
      // A flood of refused sockets must not flood the log: one line per limit per 10 s.
      const now = Date.now();
      if ((logged.get(why) ?? 0) > now - 10_000) return;
      logged.set(why, now);
      this.log().warn({ limit: why, detail, remote }, 'MQTT connection closed by a broker limit');
    };
    // Devices publish only on their own up / status / ack (authorizePublish) and may subscribe only to
    // their own …/down: what a client publishes is ingest's alone.
    const consumed = (topic: string) => UPLINK_TOPIC.test(topic);
    this.broker = await startEmbeddedBroker(port, host, this.hooks(), { ...limits, onRefused, consumed });
    // A client revoked between its authentication and its registration is closed as it registers.
    this.broker.broker.on('client', (client) => {
      if (this.revoked.has(client)) client.close();
    });
  }

  /** Connections closed by a broker limit since start (tests, diagnostics). */
  get refused(): Readonly<Record<BrokerRefusal, number>> | undefined {
    return this.broker?.refused;
  }

  /** Publishes from the server itself (commands): no client, so authorizePublish lets it through. */
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void> {
    const b = this.broker;
    if (!b) return Promise.reject(new Error('MQTT broker is not running'));
    return new Promise((resolve, reject) => {
      b.broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  }

  /** Disconnects every client of a device (disabled, deleted, secret rotated), connected or connecting. */
  disconnect(tenantId: number, deviceId: number): void {
    const b = this.broker;
    if (!b) return;
    const clients = (b.broker as unknown as { clients: Record<string, Client> }).clients;
    for (const c of this.sessions) {
      const id = this.identities.get(c);
      if (!id || id.tenantId !== tenantId || id.deviceId !== deviceId) continue;
      this.revoked.add(c);
      this.sessions.delete(c);
      // Closing one Aedes has not registered yet would leave it registered later; the hook in start()
      // closes it then.
      if (c.id && clients[c.id] === c) c.close();
    }
  }

  async close(): Promise<void> {
    await this.broker?.close();
    this.broker = undefined;
  }

  private hooks(): BrokerHooks {
    return {
      authenticate: (client, username, password, done) => {
        checkDeviceLogin(this.directory, username, password?.toString('utf8'), client.id).then(
          (r) => {
            if ('refused' in r) {
              done(authError(r.refused, r.reason), false);
              return;
            }
            this.identities.set(client, r);
            this.sessions.add(client);
            client.conn.once('close', () => this.sessions.delete(client));
            done(null, true);
          },
          (err: unknown) => {
            this.log().error({ err }, 'device authentication failed');
            done(authError(5, 'server unavailable'), false);
          },
        );
      },
      authorizePublish: (client, packet, done) => {
        if (client === null) {
          done(null);
          return;
        }
        const id = this.identities.get(client);
        const will = (client as unknown as { will?: unknown }).will === packet;
        if (this.revoked.has(client) && !will) {
          done(new Error('device disabled, deleted or re-keyed'));
          return;
        }
        const kind = id && publishKind(id, packet.topic);
        if (!id || !kind) {
          this.log().warn(
            { clientId: client.id, topic: packet.topic },
            'device published outside its topics',
          );
          done(new Error('not authorized to publish on this topic'));
          return;
        }
        const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
        this.ingest.submit({ device: id, kind, payload, will }).then(
          () => done(null),
          (err: unknown) => {
            if (err instanceof DeviceRefusedError) {
              // Disabled or deleted meanwhile: no PUBACK, and the connection goes.
              this.log().info({ clientId: client.id }, 'message of a disabled or deleted device refused');
              done(err);
              return;
            }
            // No PUBACK: the device keeps the message and sends it again after reconnecting.
            this.log().error({ err }, 'ingest could not store a message');
            done(err instanceof Error ? err : new Error('ingest failed'));
          },
        );
      },
      authorizeSubscribe: (client, sub, done) => {
        const id = this.identities.get(client);
        if (id && maySubscribe(id, sub.topic)) done(null, sub);
        // A null subscription is refused in the SUBACK (return code 128); the connection stays up.
        else done(null, null);
      },
    };
  }
}
