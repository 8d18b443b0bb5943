import { DEVICE_CODEC_IDS } from '@tilth/contracts/device-codecs';
import type { VendorCodec } from './codec.js';
import { draginoLse01 } from './dragino-lse01.js';
import { draginoLt22222 } from './dragino-lt22222.js';

export type { CodecParams, DownlinkFrame, UplinkFrame, UplinkReading, VendorCodec } from './codec.js';

/** Codec implementations by id; the contracts' DEVICE_CODECS catalogue lists the same ids (tested). */
export const VENDOR_CODECS: ReadonlyMap<string, VendorCodec> = new Map(
  [draginoLse01, draginoLt22222].map((c) => [c.id, c]),
);

export const vendorCodec = (id: unknown): VendorCodec | undefined =>
  typeof id === 'string' ? VENDOR_CODECS.get(id) : undefined;

/** Ids in the catalogue without an implementation (must be empty). */
export const missingCodecs = (): string[] => DEVICE_CODEC_IDS.filter((id) => !VENDOR_CODECS.has(id));
