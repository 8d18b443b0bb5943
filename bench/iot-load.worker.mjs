// Load generator of the IoT benchmarks (iot-ingest.bench.ts), in a worker thread so publishing does not
// share an event loop with the server it measures. Each simulated device is its own MQTT connection with
// its own credentials; messages are QoS 1 telemetry with 3 values, published round robin at a fixed rate.
// Plain JavaScript: worker threads do not inherit the tsx loader. Messages: see LoadRequest / LoadReply
// in iot-ingest.bench.ts.
import { parentPort } from 'node:worker_threads';
import mqtt from 'mqtt';

const port = parentPort;
if (!port) throw new Error('iot-load.worker runs as a worker thread');

/** @type {{ c: import('mqtt').MqttClient, topic: string }[]} */
let clients = [];

const connect = async (url, devices) => {
  const t0 = Date.now();
  for (let i = 0; i < devices.length; i += 100) {
    const batch = devices.slice(i, i + 100);
    const connected = await Promise.all(
      batch.map(async (d) => ({
        c: await mqtt.connectAsync(url, {
          username: d.username,
          password: d.password,
          clientId: d.username,
          reconnectPeriod: 0,
          connectTimeout: 30_000,
          clean: true,
        }),
        topic: d.topic,
      })),
    );
    clients.push(...connected);
  }
  port.postMessage({ type: 'connected', n: clients.length, ms: Date.now() - t0 });
};

const run = async (rate, seconds, seqBase) => {
  const total = Math.round(rate * seconds);
  let published = 0;
  let acked = 0;
  let errors = 0;
  let lastAck = 0;
  const firstPublish = Date.now();
  const acks = [];
  let i = 0;
  // Every 5 ms, publish what the rate says is due by now.
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((Date.now() - firstPublish) / 1000) * rate));
      while (published < due) {
        const k = clients[i++ % clients.length];
        const ts = Date.now();
        const seq = seqBase + published;
        const body = JSON.stringify({
          ts,
          seq,
          values: { airTemp: 20 + (seq % 100) / 10, airHumidity: 60 + (seq % 30), rainfall: (seq % 7) / 10 },
        });
        published++;
        acks.push(
          k.c.publishAsync(k.topic, body, { qos: 1 }).then(
            () => {
              acked++;
              lastAck = Date.now();
            },
            () => {
              errors++;
            },
          ),
        );
      }
      if (published >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const publishEnd = Date.now();
  await Promise.race([Promise.all(acks), new Promise((r) => setTimeout(r, 120_000))]);
  port.postMessage({ type: 'done', published, acked, errors, firstPublish, lastAck, publishEnd });
};

port.on('message', (m) => {
  if (m.type === 'connect') void connect(m.url, m.devices);
  else if (m.type === 'run') void run(m.rate, m.seconds, m.seqBase);
  else {
    void Promise.all(clients.map((k) => k.c.endAsync(true))).then(() => {
      clients = [];
      port.postMessage({ type: 'closed' });
    });
  }
});
