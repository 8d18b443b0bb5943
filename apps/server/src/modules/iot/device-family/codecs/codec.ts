// Per-model vendor codecs (docs/device-protocol.md §11): pure functions, no I/O, never throwing. A device
// uses one when its settings name it (config.codec, checked against DEVICE_CODECS in the contracts).

export type CodecParams = Record<string, number | boolean | string>;

export interface UplinkFrame {
  bytes: Uint8Array;
  fPort?: number;
  /** Receive time (epoch ms), used when the frame carries no time of its own. */
  receivedAt: number;
}

export interface UplinkReading {
  ts?: number | string;
  /** Metric keys of the device type registry. */
  values: Record<string, number>;
}

export interface DownlinkFrame {
  bytes: Uint8Array;
  fPort?: number;
}

export interface VendorCodec {
  /** The id stored in the device's settings, e.g. 'dragino-lse01'. */
  readonly id: string;
  /** Vendor uplink → Tilth telemetry; undefined to ignore the frame (another port, too short). */
  decodeUplink(input: UplinkFrame): UplinkReading | undefined;
  /** Tilth command → vendor downlink; undefined when the device cannot do the action with these params. */
  encodeDownlink?(cmd: { action: string; params: CodecParams }): DownlinkFrame | undefined;
}

export const u16 = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
export const s16 = (b: Uint8Array, i: number): number => {
  const v = u16(b, i);
  return v & 0x8000 ? v - 0x10000 : v;
};
export const round = (v: number, digits: number): number => Number(v.toFixed(digits));

/** Dragino's TDC downlink (type 0x01, 3-byte seconds) shared by their end nodes; undefined if out of range. */
export const draginoTdc = (minutes: unknown): Uint8Array | undefined => {
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes <= 0) return undefined;
  const s = minutes * 60;
  if (s > 0xffffff) return undefined;
  return Uint8Array.of(0x01, (s >> 16) & 0xff, (s >> 8) & 0xff, s & 0xff);
};
