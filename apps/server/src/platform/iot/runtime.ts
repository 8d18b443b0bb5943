import { hostname } from 'node:os';
import { type CommandPayload, commandPayload } from '@tilth/contracts/device-protocol.types';
import { deviceTopic, parseDeviceTopic } from '@tilth/contracts/device-topics';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import { listTenantIds } from '../../modules/identity/tenant/tenant.repository.js';
import {
  dailyWatermark,
  databaseNow,
  insertStatusLog,
  markSilentOffline,
  rollupDaily,
} from '../../modules/iot/telemetry/telemetry.repository.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import type { BrokerRefusal } from '../mqtt/broker.js';
import { ChirpStackLink } from './chirpstack-link.js';
import { checkDeviceLogin } from './device-acl.js';
import { DeviceDirectory } from './directory.js';
import { DynsecProvisioner } from './dynsec.js';
import { EmbeddedLink, type IotLog } from './embedded.js';
import { EventRelay } from './event-relay.js';
import { EventHub } from './events.js';
import { ExternalLink } from './external.js';
import { HookRegistry } from './hooks.js';
import { DeviceRefusedError, Ingest } from './ingest.js';
import { IngestCounters, type IngestKind } from './ingest-counters.js';
import { IotErrors } from './iot.errors.js';
import type { CommandCheck, DeviceAddress, IotRuntime, StatusChange } from './iot.js';
import { type BrokerProvisioner, noProvisioner } from './provisioner.js';

export interface IotOptions {
  /** Server clock (epoch ms); tests move it for the silence sweep. */
  now?: () => number;
  /** Interval of the silence sweep; 0 turns the timer off (tests call sweepSilence). */
  sweepEveryMs?: number;
  statsEveryMs?: number;
  /** Interval of the daily rollup; 0 turns the timer off. */
  rollupEveryMs?: number;
}

/** The cmdId of a command only being checked (checkCommand), never sent. */
const NO_CMD_ID = '00000000-0000-4000-8000-000000000000';

/** Hourly rows written by a transaction that started before a rollup run but committed after it. */
const ROLLUP_MARGIN_MS = 5 * 60_000;

const consoleLog: IotLog = {
  info: (o, m) => console.log(m ?? o),
  warn: (o, m) => console.warn(m ?? '', o),
  error: (o, m) => console.error(m ?? '', o),
};

/**
 * The IoT runtime of one server process (ARCHITECTURE §6): the broker link (embedded Aedes, or an
 * external broker by MQTT_URL), ingest, live events, hooks, and the background silence sweep.
 */
export class IotServer implements IotRuntime {
  readonly events = new EventHub();
  readonly hooks: HookRegistry;
  readonly counters: IngestCounters;
  readonly ingest: Ingest;
  readonly directory: DeviceDirectory;
  /** Replaced by the app logger once it exists. */
  log: IotLog = consoleLog;
  private embedded: EmbeddedLink | undefined;
  private external: ExternalLink | undefined;
  private chirpstack: ChirpStackLink | undefined;
  private relay: EventRelay | undefined;
  /** Device accounts on the external broker (MQTT_PROVISIONING). */
  provisioner: BrokerProvisioner = noProvisioner;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly now: () => number;
  private readonly rollupSince = new Map<number, Date | null>();
  private rolling: Promise<number> | undefined;

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly opts: IotOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.hooks = new HookRegistry({ error: (o, m) => this.log.error(o, m) });
    this.counters = new IngestCounters(this.now);
    this.ingest = new Ingest(database, this.events, this.hooks, this.counters, {
      now: this.now,
      rateLimit: { rate: config.mqttDeviceRate, burst: config.mqttDeviceBurst },
      onRateLimited: (d) =>
        this.log.warn(
          { tenantId: d.tenantId, device: `${d.typeKey}/${d.eui}` },
          'device over its fair-use message rate; excess dropped (logged once a minute)',
        ),
    });
    this.directory = new DeviceDirectory(database, this.now);
  }

  /** Binds the embedded broker (or connects to MQTT_URL) and starts the background jobs. */
  async start(): Promise<void> {
    const logOf = () => this.log;
    const url = this.config.mqttUrl;
    if (url) {
      const clientId = this.config.mqttClientId ?? `tilth-${hostname()}-${this.config.port}`;
      if (this.config.mqttProvisioning === 'mosquitto-dynsec') {
        const dynsec = new DynsecProvisioner(
          {
            url,
            username: this.config.mqttAdminUsername,
            password: this.config.mqttAdminPassword,
            clientId: `${clientId}-dynsec`,
          },
          logOf,
        );
        await dynsec.start();
        this.provisioner = dynsec;
      }
      this.external = new ExternalLink(
        { url, clientId, connections: this.config.mqttIngestConnections },
        (topic, payload) => this.publishUplink(topic, payload),
        logOf,
      );
      await this.external.start();
      // Several processes share the ingest; each one's SSE clients must see every process's events.
      this.relay = new EventRelay(
        {
          url,
          clientId: `${clientId}-events`,
          onForget: (tenantId, deviceId) => this.directory.forget(tenantId, deviceId),
        },
        this.events,
        logOf,
      );
      await this.relay.start();
    } else {
      this.embedded = new EmbeddedLink(this.directory, this.ingest, logOf);
      await this.embedded.start(this.config.mqttPort, this.config.host, {
        maxConnectBytes: this.config.mqttMaxConnectBytes,
        maxPacketBytes: this.config.mqttMaxPacketBytes,
        maxPending: this.config.mqttMaxPendingConnections,
        connectTimeoutMs: this.config.mqttConnectTimeoutMs,
      });
    }
    const cs = this.config.chirpstackMqttUrl;
    if (cs) {
      if (this.config.chirpstackTenantId === undefined)
        throw new Error('CHIRPSTACK_TENANT_ID must be set with CHIRPSTACK_MQTT_URL');
      this.chirpstack = new ChirpStackLink(
        {
          url: cs,
          tenantId: this.config.chirpstackTenantId,
          clientId: `${this.config.mqttClientId ?? `tilth-${hostname()}-${this.config.port}`}-chirpstack`,
        },
        this.directory,
        this.database,
        (topic, payload) => this.publishUplink(topic, payload),
        logOf,
      );
      await this.chirpstack.start();
    }
    const every = (ms: number, fn: () => Promise<unknown>) => {
      if (ms <= 0) return;
      const t = setInterval(() => {
        fn().catch((err: unknown) => this.log.error({ err }, 'IoT background job failed'));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.sweepEveryMs ?? 30_000, () => this.sweepSilence());
    every(this.opts.statsEveryMs ?? 5_000, () => this.counters.flush(this.database));
    every(this.opts.rollupEveryMs ?? 60_000, () => this.refreshDailyRollups());
  }

  /** Counts of the ChirpStack bridge (forwarded, undecodable, unknownDevice), when one is configured. */
  chirpstackStats(): { forwarded: number; undecodable: number; unknownDevice: number } | undefined {
    return this.chirpstack?.bridge.stats;
  }

  /** Messages each external ingest connection handled (empty with the embedded broker). */
  externalHandled(): readonly number[] {
    return this.external?.handled ?? [];
  }

  /** Connections the embedded broker closed by a limit (size, pending, timeout); undefined otherwise. */
  brokerRefusals(): Readonly<Record<BrokerRefusal, number>> | undefined {
    return this.embedded?.refused;
  }

  /** The bound port of the embedded broker (undefined with an external broker). */
  get mqttPort(): number | undefined {
    return this.embedded?.port;
  }

  checkCommand(to: DeviceAddress, config: Record<string, unknown>, cmd: CommandCheck): void {
    this.chirpstack?.plan(to, config, { cmdId: NO_CMD_ID, action: cmd.action, params: cmd.params });
  }

  async sendCommand(
    to: DeviceAddress,
    payload: CommandPayload,
    config: Record<string, unknown> = {},
  ): Promise<void> {
    // LoRaWAN devices behind ChirpStack get a downlink there; every other device its …/down topic.
    const plan = this.chirpstack?.plan(to, config, payload);
    if (plan && this.chirpstack) {
      await this.chirpstack.send(to, plan);
      return;
    }
    const body = JSON.stringify(commandPayload.parse(payload));
    const topic = deviceTopic(to.tenantId, to.typeKey, to.eui, 'down');
    const link = this.embedded ?? this.external;
    if (!link) throw new Error('MQTT broker is not running');
    await link.publish(topic, body, 1);
  }

  brokerAddress(): { host: string; port: number } {
    if (this.config.mqttPublicUrl) return parseHostPort(this.config.mqttPublicUrl);
    if (this.config.mqttUrl) return parseHostPort(this.config.mqttUrl);
    return { host: 'localhost', port: this.embedded?.port ?? this.config.mqttPort };
  }

  forgetDevice(tenantId: number, deviceId: number): void {
    this.directory.forget(tenantId, deviceId);
    this.embedded?.disconnect(tenantId, deviceId);
    // Other server processes cache the device too (external broker: EMQX logins, ingest lookups).
    this.relay?.forget(tenantId, deviceId);
  }

  async provisionDevice(device: DeviceAddress, secret: string): Promise<void> {
    try {
      await this.provisioner.issued(device, secret);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.log.error({ err, device }, 'broker provisioning failed');
      throw IotErrors.provisioning();
    }
  }

  releaseDevice(device: DeviceAddress): Promise<void> {
    return this.provisioner.removed(device);
  }

  enableDevice(device: DeviceAddress, enabled: boolean): Promise<void> {
    return this.provisioner.enabled(device, enabled);
  }

  async deviceLogin(username: string, password: string, clientId: string): Promise<boolean> {
    const r = await checkDeviceLogin(this.directory, username, password, clientId);
    return !('refused' in r);
  }

  /** Live events received from other server processes (external broker). */
  relayedEvents(): number {
    return this.relay?.received ?? 0;
  }

  async publishUplink(topic: string, payload: string | Uint8Array): Promise<boolean> {
    const t = parseDeviceTopic(topic);
    if (!t || t.kind === 'down') return false;
    const entry = await this.directory.lookup({ tenantId: t.tenantId, typeKey: t.deviceType, eui: t.eui });
    if (!entry?.enabled) {
      this.counters.count(t.tenantId, 'unknown-device', `${t.deviceType}/${t.eui}`);
      return false;
    }
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const device = { tenantId: t.tenantId, deviceId: entry.deviceId, typeKey: t.deviceType, eui: t.eui };
    try {
      await this.ingest.submit({ device, kind: t.kind, payload: bytes });
    } catch (err) {
      // Disabled or deleted before it was stored: counted by ingest; acknowledging it to the broker is
      // right, resending would not help.
      if (err instanceof DeviceRefusedError) return false;
      throw err;
    }
    return true;
  }

  ingestTotals(tenantId: number): Record<IngestKind, number> {
    return this.counters.totalsOf(tenantId);
  }

  /** Marks devices offline whose type's silence timeout passed since their last message. */
  async sweepSilence(at: Date = new Date(this.now())): Promise<number> {
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
        return gone.map((g) => ({ ...g, tenantId, online: false, source: 'silence', at }));
      });
      for (const c of changes) {
        this.events.emit(tenantId, {
          type: 'status',
          deviceId: c.deviceId,
          online: false,
          at: at.toISOString(),
        });
      }
      this.hooks.fireStatus(changes);
      n += changes.length;
    }
    return n;
  }

  /**
   * Recomputes telemetry_daily from the hourly rows updated since the last run (every tenant, or one).
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
          return { started, written: await rollupDaily(tx, t, since) };
        });
        // Moved only after the commit: a failed run is redone from the same point.
        this.rollupSince.set(t, r.started);
        n += r.written;
      }
      return n;
    };
    const next = (this.rolling ?? Promise.resolve(0)).catch(() => 0).then(run);
    this.rolling = next;
    return next;
  }

  /** Waits until ingest stored what it has and the hooks ran (tests, shutdown). */
  async settle(): Promise<void> {
    await this.ingest.idle();
    await this.hooks.drain();
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    await this.embedded?.close();
    await this.relay?.close();
    await this.external?.close();
    await this.provisioner.close();
    await this.chirpstack?.close();
    await this.settle();
    await this.rolling?.catch(() => undefined);
    await this.counters.flush(this.database).catch(() => undefined);
  }
}

const parseHostPort = (url: string): { host: string; port: number } => {
  try {
    const u = new URL(url);
    return { host: u.hostname, port: Number(u.port || (u.protocol === 'mqtts:' ? 8883 : 1883)) };
  } catch {
    return { host: url, port: 1883 };
  }
};
