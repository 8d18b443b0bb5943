import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BROKER_LIMITS, type EmbeddedBroker, startEmbeddedBroker } from '../broker.js';

// Topics the ingest consumes are acknowledged without being routed to subscribers (issue 20: matching
// every uplink against subscriptions cost 5 % of the ingest thread); every other publish still routes.

let broker: EmbeddedBroker | undefined;
const clients: mqtt.MqttClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
  broker = undefined;
});

describe('embedded broker, consumed topics', () => {
  it('acknowledges a client publish on a consumed topic without routing it; other topics route', async () => {
    const seen: string[] = [];
    broker = await startEmbeddedBroker(
      0,
      '127.0.0.1',
      {
        authorizePublish: (_client, packet, done) => {
          seen.push(packet.topic);
          done(null);
        },
      },
      { ...DEFAULT_BROKER_LIMITS, consumed: (topic) => topic.endsWith('/up') },
    );
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const listener = await mqtt.connectAsync(url, { clientId: 'listener', reconnectPeriod: 0 });
    const device = await mqtt.connectAsync(url, { clientId: 'device', reconnectPeriod: 0 });
    clients.push(listener, device);
    const got: string[] = [];
    listener.on('message', (topic) => got.push(topic));
    await listener.subscribeAsync(['a/up', 'a/other'], { qos: 1 });

    // publishAsync resolves on the PUBACK.
    await device.publishAsync('a/up', 'x', { qos: 1 });
    await device.publishAsync('a/other', 'y', { qos: 1 });
    await device.publishAsync('a/up', 'z', { qos: 0 });
    // The broker's own publishes route whatever the topic (commands to devices).
    await new Promise<void>((resolve, reject) =>
      broker?.broker.publish(
        { cmd: 'publish', topic: 'a/up', payload: Buffer.from('s'), qos: 1, retain: false, dup: false },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    const until = Date.now() + 2000;
    while (got.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['a/up', 'a/other', 'a/up']);
    expect(got.sort()).toEqual(['a/other', 'a/up']);
  });
});
