import { type DownlinkFrame, draginoTdc, round, type UplinkReading, u16, type VendorCodec } from './codec.js';

// Dragino LSE01 LoRaWAN soil moisture & EC sensor (user manual §2.3, §2.5). Uplink on fPort 2, 11 bytes:
//   0-1 battery mV (low 14 bits) · 2-3 external DS18B20 temperature (not used here) · 4-5 soil moisture
//   ×100 % · 6-7 soil temperature ×100 °C · 8-9 conductivity µS/cm · 10 flags.
// Readings go to the first soil layer; conductivity is stored in S/m like every soil type (1 µS/cm = 1e-4 S/m).

const UPLINK_PORT = 2;
/** Dragino downlinks are accepted on any port. */
const DOWNLINK_PORT = 2;

/** The manual's soil temperature rule: a set top bit means (value − 0xFFFF) / 100, e.g. FF7E → −1.29 °C. */
const soilTemp = (raw: number): number => (raw & 0x8000 ? (raw - 0xffff) / 100 : raw / 100);

export const draginoLse01: VendorCodec = {
  id: 'dragino-lse01',
  decodeUplink({ bytes, fPort }): UplinkReading | undefined {
    if (fPort !== undefined && fPort !== UPLINK_PORT) return undefined;
    if (bytes.length < 11) return undefined;
    const values: Record<string, number> = {
      supplyVoltage: round((u16(bytes, 0) & 0x3fff) / 1000, 3),
      moisture1: round(u16(bytes, 4) / 100, 2),
      soilTemp1: round(soilTemp(u16(bytes, 6)), 2),
      ec1: round(u16(bytes, 8) / 10_000, 4),
    };
    return { values };
  },
  encodeDownlink({ action, params }): DownlinkFrame | undefined {
    if (action !== 'configure') return undefined;
    const bytes = draginoTdc(params.uploadPeriodMin);
    return bytes && { bytes, fPort: DOWNLINK_PORT };
  },
};
