import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';

// What modules need of the IoT runtime (ARCHITECTURE §6). The broker connection and ingest live in
// platform/iot/*; modules only publish events, send commands and hook into what ingest stored.

/** The device a command is addressed to: its topic identity. */
export interface DeviceAddress {
  tenantId: number;
  typeKey: string;
  eui: string;
}

/** One stored …/up message (new, not a duplicate), as ingest hands it to hooks after commit. */
export interface StoredReading {
  tenantId: number;
  deviceId: number;
  typeKey: string;
  ts: Date;
  values: Record<string, number>;
}

export interface StatusChange {
  tenantId: number;
  deviceId: number;
  typeKey: string;
  online: boolean;
  /** status | will | silence | connect | disconnect | telemetry */
  source: string;
  at: Date;
}

export interface CommandAck {
  tenantId: number;
  deviceId: number;
  cmdId: string;
  ok: boolean;
  stage: 'accepted' | 'done';
  message: string | undefined;
  values: Record<string, number> | undefined;
  at: Date;
}

/** Hooks run after ingest committed; a failing hook is logged and never blocks ingest. */
export interface IotHooks {
  onReadings(fn: (readings: readonly StoredReading[]) => Promise<void>): void;
  onStatus(fn: (changes: readonly StatusChange[]) => Promise<void>): void;
  onAck(fn: (ack: CommandAck) => Promise<void>): void;
}

/** Live events per tenant for the Server-Sent Events stream. */
export interface IotEvents {
  emit(tenantId: number, event: DeviceStreamEvent): void;
  subscribe(tenantId: number, fn: (event: DeviceStreamEvent) => void): () => void;
}

/** A command to check before it is stored. */
export interface CommandCheck {
  action: string;
  params: Record<string, number | boolean | string>;
}

export interface IotRuntime {
  events: IotEvents;
  hooks: IotHooks;
  /**
   * Publishes a command (QoS 1) by the device's transport: …/down on our broker, or a ChirpStack downlink
   * encoded by its codec (`config` is the device's settings); rejects when the link is down.
   */
  sendCommand(to: DeviceAddress, payload: CommandPayload, config?: Record<string, unknown>): Promise<void>;
  /**
   * Throws an AppError when the device's transport cannot carry the command (400: its codec cannot encode
   * the action; 409: its ChirpStack application is unknown yet); call before storing the command.
   */
  checkCommand(to: DeviceAddress, config: Record<string, unknown>, cmd: CommandCheck): void;
  /** Host and port devices connect to (shown with the credentials). */
  brokerAddress(): { host: string; port: number };
  /**
   * Call after a device's secret was rotated, or it was disabled, enabled or deleted: drops cached
   * credentials (in every server process) and disconnects its open broker connections, so the change
   * holds at once. Ingest also checks each message's device under a lock, so nothing of a disabled or
   * deleted device is stored once that change committed.
   */
  forgetDevice(tenantId: number, deviceId: number): void;
  /**
   * Creates or updates the device's account on an external broker that keeps its own (Mosquitto dynamic
   * security) with the secret just issued; a no-op otherwise. Rejects with a 503 AppError when the broker
   * did not take it, so the registry can roll back and the shown secret is never one the broker lacks.
   */
  provisionDevice(device: DeviceAddress, secret: string): Promise<void>;
  /** Removes the device's broker account (after it was deleted); failures are the caller's to log. */
  releaseDevice(device: DeviceAddress): Promise<void>;
  /** Disables or re-enables the device's broker account (its enabled flag changed). */
  enableDevice(device: DeviceAddress, enabled: boolean): Promise<void>;
  /** The device login check of the embedded broker, for brokers that ask over HTTP (EMQX). */
  deviceLogin(username: string, password: string, clientId: string): Promise<boolean>;
  /** Ingest outcome counts of a tenant since this process started (stored, duplicate, malformed…). */
  ingestTotals(tenantId: number): Record<string, number>;
  /**
   * Brings telemetry_daily up to date with the hourly rollups now (a background job does this every
   * minute; reports may call it first for same-minute freshness). Answers the daily rows written.
   */
  refreshDailyRollups(tenantId?: number): Promise<number>;
  /** Marks devices offline whose type's silence timeout passed (a telemetry job; tests pass `at`). */
  sweepSilence(at?: Date): Promise<number>;
  /** Adds the ingest counts not yet written to ingest_stats (a telemetry job). */
  flushCounters(): Promise<void>;
  /**
   * Feeds a message into ingest as if the device had published it on `topic` (…/up, …/status, …/ack):
   * bridges (ChirpStack) and codecs use it. Resolves after the message is stored, true; false when the
   * topic names no registered device (counted as unknown-device) or is not an uplink topic.
   */
  publishUplink(topic: string, payload: string | Uint8Array): Promise<boolean>;
}
