import { hostname } from 'node:os';
import { type CommandPayload, commandPayload } from '@tilth/contracts/device-protocol.types';
import { deviceTopic, parseDeviceTopic } from '@tilth/contracts/device-topics';
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
import type { DeviceLookup, LorawanCodecs, TelemetrySink } from './ports.js';
import { type BrokerProvisioner, noProvisioner } from './provisioner.js';

export interface IotOptions {
  /** Server clock (epoch ms); tests move it for the silence sweep. */
  now?: () => number;
  /** Interval of the silence sweep job; 0 turns the timer off (tests call sweepSilence). */
  sweepEveryMs?: number;
  /** Interval of the job that writes the ingest counters; 0 turns the timer off. */
  statsEveryMs?: number;
  /** Interval of the daily rollup job; 0 turns the timer off. */
  rollupEveryMs?: number;
}

/** What the domains provide the runtime (platform/iot/ports.ts), wired by app/server.ts. */
export interface IotPorts {
  telemetry: TelemetrySink;
  devices: DeviceLookup;
  lorawan: LorawanCodecs;
}

/** The cmdId of a command only being checked (checkCommand), never sent. */
const NO_CMD_ID = '00000000-0000-4000-8000-000000000000';

const consoleLog: IotLog = {
  info: (o, m) => console.log(m ?? o),
  warn: (o, m) => console.warn(m ?? '', o),
  error: (o, m) => console.error(m ?? '', o),
};

/**
 * The IoT runtime of one server process (ARCHITECTURE §6): the broker link (embedded Aedes, or an
 * external broker by MQTT_URL), ingest, live events and hooks. Storage is the telemetry domain's
 * (IotPorts); the silence sweep, counter flush and daily rollup run as its jobs (telemetry.jobs.ts).
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
  private readonly now: () => number;

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly ports: IotPorts,
    opts: IotOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.hooks = new HookRegistry({ error: (o, m) => this.log.error(o, m) });
    this.counters = new IngestCounters(ports.telemetry, this.now);
    this.ingest = new Ingest(database, this.events, this.hooks, this.counters, ports.telemetry, {
      now: this.now,
      maxBatch: config.ingestMaxBatch,
      rateLimit: { rate: config.mqttDeviceRate, burst: config.mqttDeviceBurst },
      onRateLimited: (d) =>
        this.log.warn(
          { tenantId: d.tenantId, device: `${d.typeKey}/${d.eui}` },
          'device over its fair-use message rate; excess dropped (logged once a minute)',
        ),
    });
    this.directory = new DeviceDirectory(database, ports.devices, this.now);
  }

  /** Binds the embedded broker (or connects to MQTT_URL) and, when configured, the ChirpStack link. */
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
        this.ports.lorawan,
        this.ports.devices,
        (topic, payload) => this.publishUplink(topic, payload),
        logOf,
      );
      await this.chirpstack.start();
    }
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
    const entry = await this.directory.lookup(
      { tenantId: t.tenantId, typeKey: t.deviceType, eui: t.eui },
      'ingest',
    );
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
  sweepSilence(at: Date = new Date(this.now())): Promise<number> {
    return this.ports.telemetry.sweepSilence(at, (tenantId, changes) =>
      this.announceStatus(tenantId, changes),
    );
  }

  /** Live events and hooks of status changes found outside ingest (the silence sweep). */
  private announceStatus(tenantId: number, changes: StatusChange[]): void {
    for (const c of changes) {
      this.events.emit(tenantId, {
        type: 'status',
        deviceId: c.deviceId,
        online: false,
        at: c.at.toISOString(),
      });
    }
    this.hooks.fireStatus(changes);
  }

  refreshDailyRollups(tenantId?: number): Promise<number> {
    return this.ports.telemetry.refreshDailyRollups(tenantId);
  }

  /** Adds the ingest counts not yet written to ingest_stats (a job does this every few seconds). */
  flushCounters(): Promise<void> {
    return this.counters.flush(this.database);
  }

  /** Waits until ingest stored what it has and the hooks ran (tests, shutdown). */
  async settle(): Promise<void> {
    await this.ingest.idle();
    await this.hooks.drain();
  }

  async close(): Promise<void> {
    await this.embedded?.close();
    await this.relay?.close();
    await this.external?.close();
    await this.provisioner.close();
    await this.chirpstack?.close();
    await this.settle();
    await this.ports.telemetry.idle();
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
