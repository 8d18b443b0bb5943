import { DEVICE_CODEC_IDS } from '@tilth/contracts/device-codecs';
import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import { validateTelemetry } from '@tilth/contracts/device-protocol.types';
import { describe, expect, it } from 'vitest';
import { draginoLse01 } from '../codecs/dragino-lse01.js';
import { draginoLt22222 } from '../codecs/dragino-lt22222.js';
import { missingCodecs, VENDOR_CODECS } from '../codecs/index.js';

// Frames built from the vendors' manuals: Dragino LSE01 user manual §2.3 (uplink) and §2.5 (downlink),
// Dragino LT series user manual §3.3 (MOD1 uplink) and §3.4 (downlinks 0x01 TDC, 0x03 relays).

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s.replace(/\s/g, ''), 'hex'));
const toHex = (b: Uint8Array | undefined): string | undefined =>
  b && Buffer.from(b).toString('hex').toUpperCase();
const at = Date.parse('2025-05-01T00:00:00Z');

describe('Dragino LSE01 (soil moisture, temperature, EC)', () => {
  it('decodes battery, moisture, soil temperature and conductivity of an fPort 2 frame', () => {
    // BAT 0B45 = 2885 mV · DS18B20 0000 · moisture 05DC = 15.00 % · soil temp 0105 = 2.61 °C · EC 00C8 = 200 µS/cm
    const r = draginoLse01.decodeUplink({
      bytes: hex('0B45 0000 05DC 0105 00C8 00'),
      fPort: 2,
      receivedAt: at,
    });
    expect(r).toEqual({ values: { supplyVoltage: 2.885, moisture1: 15, soilTemp1: 2.61, ec1: 0.02 } });
    // The values are in the type's ranges and units: ingest stores them all.
    const v = validateTelemetry('soil-moisture', { ts: at, seq: 1, values: r?.values ?? {} }, { now: at });
    expect(v).toMatchObject({ ok: true, rejected: [] });
  });

  it("applies the manual's negative temperature rule and masks the battery's flag bits", () => {
    // FF7E → (FF7E − FFFF) / 100 = −1.29 °C (manual §2.3.3); the top two battery bits are not voltage.
    const r = draginoLse01.decodeUplink({
      bytes: hex('CB45 0000 0A28 FF7E 0FA0 10'),
      fPort: 2,
      receivedAt: at,
    });
    expect(r?.values).toEqual({ supplyVoltage: 2.885, moisture1: 26, soilTemp1: -1.29, ec1: 0.4 });
  });

  it('ignores other ports and short frames', () => {
    expect(
      draginoLse01.decodeUplink({ bytes: hex('0B45 0000 05DC 0105 00C8 00'), fPort: 5, receivedAt: at }),
    ).toBeUndefined();
    expect(draginoLse01.decodeUplink({ bytes: hex('0B45 0000'), fPort: 2, receivedAt: at })).toBeUndefined();
  });

  it('encodes the upload period as the TDC downlink and nothing else', () => {
    // Manual: 01 00 00 3C sets the interval to 60 s.
    expect(
      toHex(draginoLse01.encodeDownlink?.({ action: 'configure', params: { uploadPeriodMin: 1 } })?.bytes),
    ).toBe('0100003C');
    expect(
      toHex(draginoLse01.encodeDownlink?.({ action: 'configure', params: { uploadPeriodMin: 20 } })?.bytes),
    ).toBe('010004B0');
    expect(
      draginoLse01.encodeDownlink?.({ action: 'switch', params: { circuit: 1, sw: 1 } }),
    ).toBeUndefined();
    expect(draginoLse01.encodeDownlink?.({ action: 'configure', params: {} })).toBeUndefined();
  });
});

describe('Dragino LT-22222-L (relays, current inputs)', () => {
  it('decodes a MOD1 frame: both current inputs and the relay bits', () => {
    // AVI1 04AB · AVI2 0000 · ACI1 138A = 5.002 mA · ACI2 0FA0 = 4.000 mA · DIDORO 88 (RO1 on, DI1 high)
    // · reserved FF · mode 41 (hardware LT22222, MOD1)
    const r = draginoLt22222.decodeUplink({
      bytes: hex('04AB 0000 138A 0FA0 88 FF 41'),
      fPort: 2,
      receivedAt: at,
    });
    expect(r).toEqual({ values: { relay1: 1, relay2: 0, ai1: 5.002, ai2: 4 } });
    const v = validateTelemetry(
      'acquisition-control',
      { ts: at, seq: 1, values: r?.values ?? {} },
      { now: at },
    );
    expect(v).toMatchObject({ ok: true, rejected: [] });
  });

  it('counting modes report the relays only', () => {
    const r = draginoLt22222.decodeUplink({
      bytes: hex('0000 0010 0000 0020 40 FF 42'),
      fPort: 2,
      receivedAt: at,
    });
    expect(r?.values).toEqual({ relay1: 0, relay2: 1 });
  });

  it('encodes relay switching as 0x03 with "no action" for the other relay', () => {
    const enc = (params: Record<string, number>) =>
      toHex(draginoLt22222.encodeDownlink?.({ action: 'switch', params })?.bytes);
    // Manual table: 03 01 11 closes RO1, 03 11 00 opens RO2.
    expect(enc({ circuit: 1, sw: 1 })).toBe('030111');
    expect(enc({ circuit: 2, sw: 0 })).toBe('031100');
    expect(enc({ circuit: 1, sw: 2 })).toBeUndefined();
    expect(enc({ circuit: 3, sw: 1 })).toBeUndefined();
    expect(
      toHex(draginoLt22222.encodeDownlink?.({ action: 'configure', params: { uploadPeriodMin: 30 } })?.bytes),
    ).toBe('01000708');
  });
});

describe('codec catalogue and the device setting', () => {
  it('every catalogued codec is implemented and every implementation catalogued', () => {
    expect(missingCodecs()).toEqual([]);
    expect([...VENDOR_CODECS.keys()].sort()).toEqual([...DEVICE_CODEC_IDS].sort());
  });

  it('config.codec must name a known codec made for the device type', () => {
    expect(deviceConfigSchema('soil-moisture').safeParse({ codec: 'dragino-lse01' }).success).toBe(true);
    const unknown = deviceConfigSchema('soil-moisture').safeParse({ codec: 'acme-x1' });
    expect(unknown.error?.issues[0]?.message).toBe(
      'unknown codec "acme-x1" (known: dragino-lse01, dragino-lt22222)',
    );
    const wrong = deviceConfigSchema('inverter').safeParse({ codec: 'dragino-lt22222' });
    expect(wrong.error?.issues[0]?.message).toBe(
      'codec "dragino-lt22222" is for acquisition-control devices, not inverter',
    );
  });
});
