import { type DownlinkFrame, draginoTdc, round, s16, type UplinkReading, type VendorCodec } from './codec.js';

// Dragino LT-22222-L LoRa I/O controller (LT series user manual §3.3, §3.4). Uplink on fPort 2, 11 bytes;
// byte 10 holds the working mode (low 6 bits). MOD1 (2ACI+2AVI): 0-1 AVI1, 2-3 AVI2 (mV), 4-5 ACI1,
// 6-7 ACI2 (µA), 8 DIDORO (0x80 RO1, 0x40 RO2, 0x10 DI2, 0x08 DI1, 0x02 DO2, 0x01 DO1). MOD3 keeps ACI1/2
// at 4-7, MOD5 ACI1 at 4-5; every mode but 6 reports the relays in byte 8.
// Mapped onto the acquisition controller: ai1/ai2 = ACI1/ACI2 (mA), relay1/relay2 = RO1/RO2.
// Downlink 0x03 aa bb sets RO1 / RO2: 01 close, 00 open, 11 no action; 0x01 + 3 bytes sets the period.

const UPLINK_PORT = 2;
const DOWNLINK_PORT = 2;
const RELAY_BITS = [0x80, 0x40] as const;
const NO_ACTION = 0x11;

export const draginoLt22222: VendorCodec = {
  id: 'dragino-lt22222',
  decodeUplink({ bytes, fPort }): UplinkReading | undefined {
    if (fPort !== undefined && fPort !== UPLINK_PORT) return undefined;
    if (bytes.length < 11) return undefined;
    const mode = (bytes[10] ?? 0) & 0x3f;
    const values: Record<string, number> = {};
    const io = bytes[8] ?? 0;
    if (mode !== 6) {
      for (const [i, bit] of RELAY_BITS.entries()) values[`relay${i + 1}`] = io & bit ? 1 : 0;
    }
    if (mode === 1 || mode === 3 || mode === 5) values.ai1 = round(s16(bytes, 4) / 1000, 3);
    if (mode === 1 || mode === 3) values.ai2 = round(s16(bytes, 6) / 1000, 3);
    return Object.keys(values).length > 0 ? { values } : undefined;
  },
  encodeDownlink({ action, params }): DownlinkFrame | undefined {
    if (action === 'configure') {
      const bytes = draginoTdc(params.uploadPeriodMin);
      return bytes && { bytes, fPort: DOWNLINK_PORT };
    }
    if (action !== 'switch') return undefined;
    const { circuit, sw } = params;
    // Two relays, on or off: circuit 1 = RO1, 2 = RO2; reverse (sw 2) is not a relay state.
    if ((circuit !== 1 && circuit !== 2) || (sw !== 0 && sw !== 1)) return undefined;
    const state = sw === 1 ? 0x01 : 0x00;
    const bytes = Uint8Array.of(0x03, circuit === 1 ? state : NO_ACTION, circuit === 2 ? state : NO_ACTION);
    return { bytes, fPort: DOWNLINK_PORT };
  },
};
