// Load generator of the IoT benchmarks (iot-ingest.bench.ts), in a worker thread so publishing does not
// share an event loop with the server it measures. Each simulated device is its own MQTT 3.1.1 connection
// with its own credentials; messages are QoS 1 telemetry with 3 values, published round robin at a fixed
// rate, and count as acknowledged when their PUBACK arrives.
// The devices speak MQTT on plain sockets (CONNECT, PUBLISH QoS 1, PUBACK, DISCONNECT — all a sensor needs):
// mqtt.js cost as much CPU per message as the server itself (issue 20), and on a 2-core machine the load
// generator's CPU is taken from the server and PostgreSQL. Plain JavaScript: worker threads do not inherit
// the tsx loader. Messages: see LoadRequest / LoadReply in iot-ingest.bench.ts.
import { connect as tcpConnect } from 'node:net';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('iot-load.worker runs as a worker thread');

const varint = (n) => {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
};
const str = (s) => {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
};

const connectPacket = (clientId, username, password) => {
  // Protocol "MQTT" level 4; flags: username, password, clean session; keep-alive 0 (none).
  const head = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0xc2, 0, 0]);
  const body = Buffer.concat([head, str(clientId), str(username), str(password)]);
  return Buffer.concat([Buffer.from([0x10]), varint(body.length), body]);
};

/** A device: its socket, its topic, its next packet id and the publishes waiting for their PUBACK. */
class Device {
  constructor(socket, topic) {
    this.socket = socket;
    this.topicBytes = str(topic);
    this.nextId = 1;
    /** packet id → settle(ok) */
    this.inflight = new Map();
    this.rest = undefined;
    this.closed = false;
  }

  publish(payload, settle) {
    const id = this.nextId;
    this.nextId = id === 65535 ? 1 : id + 1;
    const body = Buffer.byteLength(payload);
    const remaining = this.topicBytes.length + 2 + body;
    const len = varint(remaining);
    const buf = Buffer.allocUnsafe(1 + len.length + remaining);
    buf[0] = 0x32; // PUBLISH, QoS 1
    len.copy(buf, 1);
    let o = 1 + len.length;
    this.topicBytes.copy(buf, o);
    o += this.topicBytes.length;
    buf.writeUInt16BE(id, o);
    buf.write(payload, o + 2, 'utf8');
    this.inflight.set(id, settle);
    if (this.closed) this.fail();
    else this.socket.write(buf);
  }

  /** Reads PUBACKs (and the CONNACK) out of a chunk; packets may straddle chunks. */
  read(chunk, onConnack) {
    let b = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = undefined;
    let i = 0;
    while (i < b.length) {
      let len = 0;
      let mul = 1;
      let j = i + 1;
      for (;;) {
        if (j >= b.length) {
          this.rest = b.subarray(i);
          return;
        }
        const x = b[j++];
        len += (x & 0x7f) * mul;
        mul *= 128;
        if ((x & 0x80) === 0) break;
      }
      if (j + len > b.length) {
        this.rest = b.subarray(i);
        return;
      }
      const type = b[i] >> 4;
      if (type === 4) {
        const id = b.readUInt16BE(j);
        const settle = this.inflight.get(id);
        if (settle) {
          this.inflight.delete(id);
          settle(true);
        }
      } else if (type === 2) onConnack(b[j + 1]);
      i = j + len;
    }
    b = undefined;
  }

  /** The connection went: whatever waits for a PUBACK failed. */
  fail() {
    this.closed = true;
    const waiting = [...this.inflight.values()];
    this.inflight.clear();
    for (const settle of waiting) settle(false);
  }
}

/** @type {Device[]} */
let devices = [];

const open = (url, d) =>
  new Promise((resolve, reject) => {
    const u = new URL(url);
    const socket = tcpConnect(Number(u.port || 1883), u.hostname);
    socket.setNoDelay(true);
    const dev = new Device(socket, d.topic);
    const timer = setTimeout(() => reject(new Error(`CONNECT of ${d.username} timed out`)), 30_000);
    const onConnack = (rc) => {
      clearTimeout(timer);
      if (rc === 0) resolve(dev);
      else reject(new Error(`CONNECT of ${d.username} refused: ${rc}`));
    };
    socket.on('data', (chunk) => dev.read(chunk, onConnack));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      dev.fail();
      reject(new Error(`connection of ${d.username} closed`));
    });
    socket.once('connect', () => socket.write(connectPacket(d.username, d.username, d.password)));
  });

const connect = async (url, list) => {
  const t0 = Date.now();
  for (let i = 0; i < list.length; i += 100) {
    devices.push(...(await Promise.all(list.slice(i, i + 100).map((d) => open(url, d)))));
  }
  port.postMessage({ type: 'connected', n: devices.length, ms: Date.now() - t0 });
};

const run = async (rate, seconds, seqBase) => {
  const total = Math.round(rate * seconds);
  let published = 0;
  let acked = 0;
  let errors = 0;
  let lastAck = 0;
  const firstPublish = Date.now();
  let i = 0;
  let allSettled;
  const settledAll = new Promise((resolve) => {
    allSettled = resolve;
  });
  const settle = (ok) => {
    if (ok) {
      acked++;
      lastAck = Date.now();
    } else errors++;
    if (published >= total && acked + errors >= total) allSettled();
  };
  // Every 5 ms, publish what the rate says is due by now.
  await new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      const due = Math.min(total, Math.floor(((now - firstPublish) / 1000) * rate));
      while (published < due) {
        const dev = devices[i++ % devices.length];
        const seq = seqBase + published;
        const body = `{"ts":${now},"seq":${seq},"values":{"airTemp":${20 + (seq % 100) / 10},"airHumidity":${60 + (seq % 30)},"rainfall":${(seq % 7) / 10}}}`;
        published++;
        dev.publish(body, settle);
      }
      if (published >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const publishEnd = Date.now();
  if (acked + errors < total) await Promise.race([settledAll, new Promise((r) => setTimeout(r, 120_000))]);
  port.postMessage({ type: 'done', published, acked, errors, firstPublish, lastAck, publishEnd });
};

port.on('message', (m) => {
  if (m.type === 'connect') void connect(m.url, m.devices);
  else if (m.type === 'run') void run(m.rate, m.seconds, m.seqBase);
  else {
    const disconnect = Buffer.from([0xe0, 0]);
    void Promise.all(
      devices.map(
        (d) =>
          new Promise((resolve) => {
            if (d.closed) return resolve();
            d.socket.once('close', resolve);
            d.socket.end(disconnect);
          }),
      ),
    ).then(() => {
      devices = [];
      port.postMessage({ type: 'closed' });
    });
  }
});
