import { describe, expect, it } from 'vitest';
import { ChirpStackBridge, ChirpStackCodec } from '../chirpstack.codec.js';

// A ChirpStack v4 MQTT-integration uplink as the network server publishes it.
const EUI = '0004a30b001c2a3f';
const topic = `application/6f1c0d5e-1111-4a4b-9a77-0c1f2b3c4d5e/device/${EUI}/event/up`;
const uplink = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    deduplicationId: '3b0b6d2a-aaaa-4bbb-8ccc-111122223333',
    time: '2025-03-10T02:00:00.000+00:00',
    deviceInfo: { devEui: EUI.toUpperCase(), applicationId: 'x', deviceName: 'n1' },
    fCnt: 42,
    fPort: 2,
    data: 'AQI=',
    object: { temperature: 21.5, humidity: 63, battery: 88, valve: true, soil: { moisture: 31.2 } },
    rxInfo: [
      { gatewayId: 'a', rssi: -110, snr: -3.5 },
      { gatewayId: 'b', rssi: -97, snr: 6.2 },
    ],
    ...extra,
  });

describe('ChirpStack codec', () => {
  const codec = new ChirpStackCodec();

  it('decodes the object fields, frame counter, time and the best gateway signal', () => {
    expect(codec.decode(topic, Buffer.from(uplink()))).toEqual({
      eui: EUI,
      seq: 42,
      ts: Date.parse('2025-03-10T02:00:00Z'),
      values: {
        airTemp: 21.5,
        airHumidity: 63,
        battery: 88,
        valve: 1,
        soilMoisture: 31.2,
        rssi: -97,
        snr: 6.2,
      },
      signal: { rssi: -97, snr: 6.2 },
      applicationId: 'x',
      fPort: 2,
      data: Buffer.from([1, 2]),
    });
  });

  it('uses a raw decoder on the base64 frame when ChirpStack decoded nothing', () => {
    const raw = new ChirpStackCodec((bytes, port) => ({ b0: bytes[0] ?? 0, b1: bytes[1] ?? 0, port }));
    expect(raw.decode(topic, uplink({ object: undefined }))?.values).toEqual({
      b0: 1,
      b1: 2,
      port: 2,
      rssi: -97,
      snr: 6.2,
    });
  });

  it('returns null for other topics, junk, missing counters and bad EUIs', () => {
    expect(codec.decode('application/x/device/abc/event/join', uplink())).toBeNull();
    expect(codec.decode(topic, 'not json')).toBeNull();
    expect(codec.decode(topic, '[1,2]')).toBeNull();
    expect(codec.decode(topic, uplink({ fCnt: -1 }))).toBeNull();
    expect(codec.decode(topic, uplink({ deviceInfo: { devEui: 'zz' } }))).toBeNull();
  });
});

describe('ChirpStack bridge', () => {
  it('republishes on our topic for a registered node and counts the rest', async () => {
    const sent: [string, string][] = [];
    const bridge = new ChirpStackBridge({
      codec: new ChirpStackCodec(),
      resolve: async (eui) => (eui === EUI ? { tenantId: 7, typeKey: 'lorawan-node', eui } : undefined),
      publish: async (t, p) => {
        sent.push([t, p]);
      },
    });
    expect(await bridge.handle(topic, uplink())).toBe(true);
    expect(await bridge.handle(topic.replace(EUI, '0004a30b001c0000'), uplink({ deviceInfo: null }))).toBe(
      false,
    );
    expect(await bridge.handle(topic, '{')).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[0]).toBe(`tilth/7/lorawan-node/${EUI}/up`);
    expect(JSON.parse(sent[0]?.[1] ?? '{}')).toMatchObject({ seq: 42, values: { airTemp: 21.5, rssi: -97 } });
    expect(bridge.stats).toEqual({ forwarded: 1, undecodable: 1, unknownDevice: 1 });
  });
});
