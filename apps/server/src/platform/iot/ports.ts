import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import type { Db } from '../db/client.js';
import type { CommandAck, DeviceAddress, StatusChange, StoredReading } from './iot.js';

// What the IoT transport asks of the domains, as interfaces: the telemetry domain stores what ingest
// accepted (TelemetrySink), the device domain answers credential lookups (DeviceLookup), and
// device-family translates LoRaWAN frames (LorawanCodecs). The composition root (app/server.ts) wires
// them in; platform/iot keeps the broker, authentication, ACL, rate limit, relay and ingest batching.

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

/** One validated reading of a …/up message. */
export interface ReadingRow {
  deviceId: number;
  seq: number;
  /** epoch ms */
  ts: number;
  values: Record<string, number>;
}

/** A validated message waiting in the ingest queue. */
export type IngestItem =
  | { kind: 'up'; device: KnownDevice; row: ReadingRow; done: Settle }
  | {
      kind: 'status';
      device: KnownDevice;
      online: boolean;
      reason: string | null;
      will: boolean;
      done: Settle;
    }
  | { kind: 'ack'; device: KnownDevice; ack: Omit<CommandAck, 'tenantId' | 'deviceId'>; done: Settle };

export interface IngestOutcome {
  /** Items of devices disabled or deleted by then: not stored. */
  refused: Set<IngestItem>;
  upCount: number;
  readings: StoredReading[];
  changes: StatusChange[];
  acks: CommandAck[];
}

/** Counted ingest outcomes of one tenant and day, added to ingest_stats. */
export interface StatsDelta {
  day: string;
  kind: string;
  count: number;
  detail: Record<string, unknown> | null;
}

/** Telemetry storage behind ingest (docs/device-protocol.md §4.1): the telemetry domain implements it. */
export interface TelemetrySink {
  /** One tenant's share of a batch, in ingest's transaction: readings, rollups, device state, status log. */
  store(tx: Db, tenantId: number, batch: readonly IngestItem[], at: Date): Promise<IngestOutcome>;
  /** Adds counted outcomes to ingest_stats, in the tenant's transaction. */
  addStats(tx: Db, tenantId: number, deltas: readonly StatsDelta[]): Promise<void>;
  /**
   * Marks devices offline whose type's silence timeout passed at `at`, one tenant after the other;
   * `announce` gets each tenant's committed changes. Answers how many devices went offline.
   */
  sweepSilence(at: Date, announce: (tenantId: number, changes: StatusChange[]) => void): Promise<number>;
  /** Brings telemetry_daily up to date (every tenant, or one); answers the daily rows written. */
  refreshDailyRollups(tenantId?: number): Promise<number>;
  /** Resolves when a rollup run in progress has finished (shutdown). */
  idle(): Promise<void>;
}

export interface DeviceCredential {
  id: number;
  secretHash: string | null;
  enabledFlag: number;
}

/** A device of another type than lorawan-node whose settings name a vendor codec (ChirpStack bridge). */
export interface CodecDevice {
  typeKey: string;
  eui: string;
  codec: string;
}

/** Device lookups of the transport: the device domain implements them. */
export interface DeviceLookup {
  /**
   * The device a broker username names, with what authentication needs (in the tenant's transaction).
   * `lock`: wait for a disable, delete or rotation in flight and read what it commits (a login); without
   * it the read never waits on row locks (ingest, whose batch locks and checks the device itself).
   */
  findCredential(tx: Db, address: DeviceAddress, lock: boolean): Promise<DeviceCredential | undefined>;
  /** Enabled devices of a tenant whose serial is this DevEUI and whose settings name a vendor codec. */
  findCodecDevices(tx: Db, tenantId: number, devEui: string): Promise<CodecDevice[]>;
}

/** Our device for a LoRaWAN DevEUI, as the bridge resolves it. */
export interface BridgedDevice {
  tenantId: number;
  typeKey: string;
  eui: string;
  /** The device's vendor codec (config.codec): decodes the raw frame instead of ChirpStack's object. */
  codec?: string;
}

/** Turns ChirpStack uplink events into our devices' …/up messages. */
export interface LorawanBridge {
  readonly stats: { forwarded: number; undecodable: number; unknownDevice: number };
  /** ChirpStack application of each DevEUI seen in an uplink: where its downlinks go. */
  readonly applications: ReadonlyMap<string, string>;
  handle(topic: string, payload: Buffer | string): Promise<boolean>;
}

/** A downlink as ChirpStack takes it (JSON); `id` becomes the queue item id its events name. */
export interface LorawanDownlink {
  id: string;
  devEui: string;
}

/** ChirpStack's events about a queued downlink: sent by a gateway (txack), confirmed by the device (ack). */
export interface LorawanDownlinkEvent {
  kind: 'ack' | 'txack';
  devEui: string;
  queueItemId: string | undefined;
  acknowledged: boolean;
}

/** The ChirpStack v4 message formats and the vendor codecs (device-family implements them). */
export interface LorawanCodecs {
  /** Topics of ChirpStack's MQTT integration the link subscribes to (uplinks, acks, txacks). */
  readonly topics: readonly string[];
  createBridge(opts: {
    resolve(devEui: string): Promise<BridgedDevice | undefined>;
    publish(topic: string, payload: string): Promise<void>;
  }): LorawanBridge;
  /** Whether a vendor codec of this id exists. */
  hasCodec(codecId: string | undefined): boolean;
  /** The downlink of a command, encoded by the codec (or left to ChirpStack's); undefined: cannot encode. */
  buildDownlink(
    devEui: string,
    cmd: CommandPayload,
    codecId: string | undefined,
  ): LorawanDownlink | undefined;
  downlinkTopic(applicationId: string, devEui: string): string;
  /** An ack / txack event, or null when the message is not one (never throws). */
  parseDownlinkEvent(topic: string, payload: Buffer | string): LorawanDownlinkEvent | null;
}
