// The device fleet of the chaos run: real MQTT clients, each with its own credentials and a persistent
// session (clean: false), publishing QoS 1 telemetry with a `seq` per device. The ledger records every
// message the broker acknowledged (PUBACK): those are the readings that must end up stored.
import mqtt from 'mqtt';

/**
 * @typedef {{ username: string, password: string, topic: string, deviceId: number }} FleetDevice
 * @typedef {{ device: FleetDevice, client: import('mqtt').MqttClient, seq: number, acked: [number, number][] }} Member
 */

export class Fleet {
  /**
   * @param {{ url: string, devices: FleetDevice[], periodMs?: number, log?: (msg: string) => void }} opts
   */
  constructor(opts) {
    this.url = opts.url;
    this.devices = opts.devices;
    // Under the server's fair-use limit (MQTT_DEVICE_RATE, 1/s by default) with room for a backlog.
    this.periodMs = opts.periodMs ?? 2000;
    this.log = opts.log ?? (() => undefined);
    /** @type {Member[]} */
    this.members = [];
    this.published = 0;
    this.acked = 0;
    this.errors = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @type {Set<Promise<unknown>>} */
    this.pending = new Set();
  }

  async connect() {
    for (let i = 0; i < this.devices.length; i += 50) {
      const batch = this.devices.slice(i, i + 50);
      const joined = await Promise.all(
        batch.map(async (device) => {
          const client = await mqtt.connectAsync(this.url, {
            clientId: device.username,
            username: device.username,
            password: device.password,
            clean: false,
            // A dropped link comes back by itself; unacknowledged QoS 1 messages are sent again then.
            reconnectPeriod: 500,
            connectTimeout: 10_000,
            protocolVersion: 4,
          });
          client.on('error', () => undefined);
          return { device, client, seq: 0, acked: [] };
        }),
      );
      this.members.push(...joined);
    }
  }

  /** Starts publishing: every device once per period, spread evenly over the period. */
  start() {
    let next = 0;
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((this.members.length * tickMs) / this.periodMs));
    this.timer = setInterval(() => {
      for (let k = 0; k < perTick; k++) this.publishOne(this.members[next++ % this.members.length]);
    }, tickMs);
  }

  /** @param {Member | undefined} m */
  publishOne(m) {
    if (!m) return;
    m.seq += 1;
    const seq = m.seq;
    const body = JSON.stringify({
      ts: Date.now(),
      seq,
      values: { airTemp: 20 + (seq % 100) / 10, airHumidity: 60 + (seq % 30), rainfall: (seq % 7) / 10 },
    });
    this.published++;
    const p = m.client.publishAsync(m.device.topic, body, { qos: 1 }).then(
      () => {
        m.acked.push([seq, Date.now()]);
        this.acked++;
      },
      () => {
        this.errors++;
      },
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Stops publishing and waits (bounded) for the broker to acknowledge what is in flight. */
  async stop(waitMs = 30_000) {
    clearInterval(this.timer);
    this.timer = undefined;
    const all = Promise.all([...this.pending]);
    await Promise.race([all, new Promise((r) => setTimeout(r, waitMs))]);
  }

  async close() {
    await Promise.all(this.members.map((m) => m.client.endAsync(true).catch(() => undefined)));
    this.members = [];
  }

  /** Every reading the broker acknowledged, with when. */
  ledger() {
    return this.members.flatMap((m) =>
      m.acked.map(([seq, at]) => ({ deviceId: m.device.deviceId, seq, at })),
    );
  }

  connectedCount() {
    return this.members.filter((m) => m.client.connected).length;
  }
}
