import type { TelemetryPayloadInput } from '@tilth/contracts/device-protocol.types';
import { deviceTopic } from '@tilth/contracts/device-topics';
import { METRIC_KEY_PATTERN } from '@tilth/contracts/device-types';
import { vendorCodec } from './codecs/index.js';

// Vendor payloads → our telemetry (ARCHITECTURE §6 "codec"). A codec turns one message of a vendor's
// topic into {eui, seq, ts, values}; the bridge maps the vendor's device id to one of our devices and
// republishes the reading on tilth/{t}/{type}/{eui}/up, so ingest, dedupe and rollups stay the same.
//
// Wiring (docs/device-protocol.md "LoRaWAN via ChirpStack"): connect an mqtt client to ChirpStack's
// broker, subscribe to CHIRPSTACK_UPLINK_TOPIC, and feed each message to ChirpStackBridge.handle; give it
// a resolver (devEui → our lorawan-node device, e.g. a lookup by eui across tenants done by the server's
// own connection) and a publisher (our broker client, QoS 1). Nothing in this file talks to a broker.

export interface DecodedUplink {
  /** The vendor's device id (LoRaWAN DevEUI, lowercase hex). */
  eui: string;
  /** Per-device counter used as our seq (frame counter). */
  seq: number;
  ts: number;
  values: Record<string, number>;
  /** ChirpStack application the uplink came through (downlinks go back to it). */
  applicationId?: string;
  /** The raw frame and its port, for a per-device vendor codec (device config `codec`). */
  fPort?: number;
  data?: Uint8Array;
  /** rssi / snr of the best gateway, kept when a vendor codec replaces the values. */
  signal?: Record<string, number>;
}

export interface DeviceCodec {
  readonly name: string;
  /** Topic filter the codec reads. */
  readonly topicFilter: string;
  /** null when the message is not an uplink this codec understands (never throws). */
  decode(topic: string, payload: Buffer | string): DecodedUplink | null;
}

/** ChirpStack v4 MQTT integration uplinks. */
export const CHIRPSTACK_UPLINK_TOPIC = 'application/+/device/+/event/up';
const TOPIC = /^application\/([^/]+)\/device\/([0-9a-fA-F]{16})\/event\/up$/;

/** Decoded-object field names vendors commonly use → our metric keys (device-types registry). */
const ALIASES: Readonly<Record<string, string>> = {
  temperature: 'airTemp',
  temp: 'airTemp',
  humidity: 'airHumidity',
  hum: 'airHumidity',
  batteryLevel: 'battery',
  bat: 'battery',
};

/** Optional decoder of the raw frame when ChirpStack has no codec for the device profile. */
export type RawDecoder = (bytes: Buffer, fPort: number) => Record<string, number>;

interface ChirpStackUplink {
  time?: unknown;
  fCnt?: unknown;
  fPort?: unknown;
  data?: unknown;
  object?: unknown;
  deviceInfo?: { devEui?: unknown; applicationId?: unknown } | null;
  rxInfo?: unknown;
}

/** Only keys our protocol can carry; ingest then drops metrics the type does not know. */
const cleanValues = (values: Record<string, number>): Record<string, number> => {
  const clean: Record<string, number> = {};
  for (const [k, v] of Object.entries(values))
    if (METRIC_KEY_PATTERN.test(k) && Number.isFinite(v)) clean[k] = v;
  return clean;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Numbers of the decoded object, one level of nesting flattened (e.g. {soil: {moisture}} → soilMoisture). */
const numericFields = (obj: Record<string, unknown>, prefix = ''): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}${k.charAt(0).toUpperCase()}${k.slice(1)}` : k;
    if (typeof v === 'number' && Number.isFinite(v)) out[ALIASES[key] ?? key] = v;
    else if (typeof v === 'boolean') out[ALIASES[key] ?? key] = v ? 1 : 0;
    else if (isRecord(v) && prefix === '') Object.assign(out, numericFields(v, key));
  }
  return out;
};

/** Signal of the best gateway that heard the frame. */
const bestSignal = (rx: unknown): Record<string, number> => {
  if (!Array.isArray(rx)) return {};
  let best: { rssi: number; snr?: number } | undefined;
  for (const r of rx) {
    if (!isRecord(r) || typeof r.rssi !== 'number') continue;
    if (!best || r.rssi > best.rssi)
      best = { rssi: r.rssi, ...(typeof r.snr === 'number' ? { snr: r.snr } : {}) };
  }
  return best ? { rssi: best.rssi, ...(best.snr === undefined ? {} : { snr: best.snr }) } : {};
};

export class ChirpStackCodec implements DeviceCodec {
  readonly name = 'chirpstack-v4';
  readonly topicFilter = CHIRPSTACK_UPLINK_TOPIC;
  constructor(private readonly raw?: RawDecoder) {}

  decode(topic: string, payload: Buffer | string): DecodedUplink | null {
    const m = TOPIC.exec(topic);
    if (!m) return null;
    let msg: ChirpStackUplink;
    try {
      const parsed: unknown = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
      if (!isRecord(parsed)) return null;
      msg = parsed as ChirpStackUplink;
    } catch {
      return null;
    }
    const eui = (
      typeof msg.deviceInfo?.devEui === 'string' ? msg.deviceInfo.devEui : (m[2] ?? '')
    ).toLowerCase();
    if (!/^[0-9a-f]{16}$/.test(eui)) return null;
    const seq = typeof msg.fCnt === 'number' && Number.isInteger(msg.fCnt) && msg.fCnt >= 0 ? msg.fCnt : null;
    if (seq === null) return null;
    const parsedTs = typeof msg.time === 'string' ? Date.parse(msg.time) : Number.NaN;
    const ts = Number.isFinite(parsedTs) ? parsedTs : Date.now();
    let values: Record<string, number> = {};
    if (isRecord(msg.object)) values = numericFields(msg.object);
    else if (this.raw && typeof msg.data === 'string') {
      try {
        const port = typeof msg.fPort === 'number' ? msg.fPort : 0;
        values = this.raw(Buffer.from(msg.data, 'base64'), port);
      } catch {
        return null;
      }
    }
    const signal = cleanValues(bestSignal(msg.rxInfo));
    const appId = typeof msg.deviceInfo?.applicationId === 'string' ? msg.deviceInfo.applicationId : m[1];
    return {
      eui,
      seq,
      ts,
      values: { ...cleanValues(values), ...signal },
      signal,
      ...(appId ? { applicationId: appId } : {}),
      ...(typeof msg.fPort === 'number' ? { fPort: msg.fPort } : {}),
      ...(typeof msg.data === 'string' && msg.data ? { data: Buffer.from(msg.data, 'base64') } : {}),
    };
  }
}

export interface BridgedDevice {
  tenantId: number;
  typeKey: string;
  eui: string;
  /** The device's vendor codec (config.codec): decodes the raw frame instead of ChirpStack's object. */
  codec?: string;
}

export interface BridgeOptions {
  codec: DeviceCodec;
  /** Our device for a vendor id; undefined when not registered (the uplink is counted and dropped). */
  resolve(vendorEui: string): Promise<BridgedDevice | undefined>;
  /** Publishes on our broker (QoS 1). */
  publish(topic: string, payload: string): Promise<void>;
}

export interface BridgeStats {
  forwarded: number;
  undecodable: number;
  unknownDevice: number;
}

/** Feeds vendor uplinks into our topics; never throws on a bad message. */
export class ChirpStackBridge {
  readonly stats: BridgeStats = { forwarded: 0, undecodable: 0, unknownDevice: 0 };
  /** ChirpStack application of each DevEUI seen in an uplink: where its downlinks go. */
  readonly applications = new Map<string, string>();
  constructor(private readonly opts: BridgeOptions) {}

  async handle(topic: string, payload: Buffer | string): Promise<boolean> {
    const up = this.opts.codec.decode(topic, payload);
    if (!up) {
      this.stats.undecodable++;
      return false;
    }
    const dev = await this.opts.resolve(up.eui);
    if (!dev) {
      this.stats.unknownDevice++;
      return false;
    }
    if (up.applicationId) this.applications.set(up.eui, up.applicationId);
    const reading = dev.codec ? decodeWith(dev.codec, up) : { ts: up.ts, values: up.values };
    if (!reading) {
      this.stats.undecodable++;
      return false;
    }
    const body: TelemetryPayloadInput = { ts: reading.ts, seq: up.seq, values: reading.values };
    await this.opts.publish(deviceTopic(dev.tenantId, dev.typeKey, dev.eui, 'up'), JSON.stringify(body));
    this.stats.forwarded++;
    return true;
  }
}

/** The device's own codec on the raw frame; undefined when it has no frame or the codec refuses it. */
const decodeWith = (
  codecId: string,
  up: DecodedUplink,
): { ts: number; values: Record<string, number> } | undefined => {
  const codec = vendorCodec(codecId);
  if (!codec || !up.data) return undefined;
  try {
    const r = codec.decodeUplink({ bytes: up.data, fPort: up.fPort, receivedAt: Date.now() });
    if (!r) return undefined;
    const own = typeof r.ts === 'number' ? r.ts : typeof r.ts === 'string' ? Date.parse(r.ts) : Number.NaN;
    return { ts: Number.isFinite(own) ? own : up.ts, values: { ...cleanValues(r.values), ...up.signal } };
  } catch {
    return undefined;
  }
};
