import { type AckPayload, commandPayload } from '@tilth/contracts/device-protocol.types';
import { deviceTopic } from '@tilth/contracts/device-topics';
import mqtt, { type MqttClient } from 'mqtt';
import { ArmCamera } from './arm-camera.js';
import { type CommandParams, checkCommand, type DeviceModel, finalizeValues } from './model.js';
import { commandOf, PHOTO_TYPE_KEYS, TrapCamera } from './photos.js';

// One simulated device as a real MQTT client (docs/device-protocol.md): it logs in with its own
// credentials, announces itself with a retained status and a last will, publishes telemetry at its upload
// period with QoS 1, and answers commands on …/down with an 'accepted' and a final ack.

export interface SimDeviceSpec {
  tenantId: number;
  typeKey: string;
  eui: string;
  /** The device secret issued at registration or rotation. */
  password: string;
  /** Devices with the same site share weather, irrigation and the pond (plot or base id). */
  site?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  /** Aerator regulators: ports with a pump (1–4). */
  pumpPorts?: readonly number[] | undefined;
}

export interface DeviceClientOptions {
  brokerUrl: string;
  periodSec: number;
  /** Multiplies the actuator delays before final acks (tests use a small factor). */
  ackDelayScale: number;
  now: () => number;
  log: (msg: string) => void;
  /** The server's HTTP base URL: traps and the robotic arm upload images there; none without it. */
  photoApi?: string | undefined;
  /** Seconds between trap photos; fixed when given (demo), else the configured photo interval. */
  photoPeriodSec?: number | undefined;
  seed?: number | undefined;
}

export interface DeviceStats {
  published: number;
  acked: number;
  commands: number;
  errors: number;
}

export class DeviceClient {
  readonly stats: DeviceStats = { published: 0, acked: 0, commands: 0, errors: 0 };
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSeq = 0;
  private stopped = false;
  private cameraStarted = false;
  private periodSec: number;
  private readonly pending = new Set<NodeJS.Timeout>();
  /** The trap camera of pest stations and forecast lamps when the server's URL is known. */
  readonly camera: TrapCamera | undefined;
  /** The robotic arm's camera when the server's URL is known (arm-camera.ts). */
  readonly armCamera: ArmCamera | undefined;

  constructor(
    readonly spec: SimDeviceSpec,
    readonly model: DeviceModel,
    private readonly opts: DeviceClientOptions,
  ) {
    this.periodSec = opts.periodSec;
    if (opts.photoApi && PHOTO_TYPE_KEYS.includes(spec.typeKey)) {
      this.camera = new TrapCamera(
        { api: opts.photoApi, ...spec },
        () => {
          const v = this.model.sample(this.opts.now());
          return { board: v.insectCount ?? 0, working: v.lampOn === 1 };
        },
        {
          periodSec: opts.photoPeriodSec ?? 3600,
          fixedPeriod: opts.photoPeriodSec !== undefined,
          seed: opts.seed ?? 0,
          now: opts.now,
          log: opts.log,
        },
      );
    }
    if (opts.photoApi && spec.typeKey === 'robotic-arm') {
      this.armCamera = new ArmCamera(
        { api: opts.photoApi, ...spec },
        () => {
          const v = this.model.sample(this.opts.now());
          return { axisR: v.axisR ?? 0, axisY: v.axisY ?? 0, axisZ: v.axisZ ?? 0 };
        },
        { seed: opts.seed ?? 0, now: opts.now, log: opts.log },
      );
    }
  }

  get username(): string {
    return `${this.spec.tenantId}/${this.spec.typeKey}/${this.spec.eui}`;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  private topic(kind: 'up' | 'status' | 'down' | 'ack'): string {
    return deviceTopic(this.spec.tenantId, this.spec.typeKey, this.spec.eui, kind);
  }

  /** Connects; resolves on the first CONNACK, rejects on refusal or after timeoutMs. */
  start(timeoutMs = 10_000): Promise<void> {
    const client = mqtt.connect(this.opts.brokerUrl, {
      username: this.username,
      password: this.spec.password,
      clientId: this.username,
      clean: true,
      reconnectPeriod: 3000,
      connectTimeout: timeoutMs,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ online: false, reason: 'connection lost' })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      client.publish(this.topic('status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
      client.subscribe(this.topic('down'), { qos: 1 });
      // First reading right away so the console shows values as soon as the device is up.
      this.publishReading();
      if (!this.cameraStarted) {
        this.cameraStarted = true;
        this.camera?.start();
        // The arm checks its camera with one photo at power-up.
        void this.armCamera?.shoot();
      }
    });
    client.on('message', (_topic, payload) => this.onCommand(payload));
    client.on('error', (err) => {
      this.stats.errors++;
      // CONNACK 4/5: the secret was rotated or the device deleted; retrying cannot help.
      const code = (err as { code?: unknown }).code;
      if (code === 4 || code === 5) {
        this.opts.log(`simulator: ${this.username}: ${err.message}; stopped (new credentials needed)`);
        this.stopped = true;
        if (this.timer) clearInterval(this.timer);
        client.end(true);
        return;
      }
      this.opts.log(`simulator: ${this.username}: ${err.message}`);
    });
    this.schedule();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.username}: no CONNACK in ${timeoutMs} ms`)),
        timeoutMs,
      );
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => this.publishReading(), this.periodSec * 1000);
    this.timer.unref();
  }

  /** seq is epoch-milliseconds based, so a restarted simulator never reuses one. */
  private nextSeq(t: number): number {
    this.lastSeq = Math.max(t, this.lastSeq + 1);
    return this.lastSeq;
  }

  /** Samples the model and publishes one telemetry message (QoS 1); answers when the broker acked it. */
  publishReading(): Promise<void> {
    const client = this.client;
    if (!client?.connected || this.stopped) return Promise.resolve();
    const t = this.opts.now();
    const values = finalizeValues(this.spec.typeKey, this.model.sample(t));
    const payload = JSON.stringify({ ts: t, seq: this.nextSeq(t), values });
    this.stats.published++;
    return new Promise((resolve) => {
      client.publish(this.topic('up'), payload, { qos: 1 }, (err) => {
        if (err) this.stats.errors++;
        else this.stats.acked++;
        resolve();
      });
    });
  }

  private ack(ack: AckPayload): void {
    this.client?.publish(this.topic('ack'), JSON.stringify(ack), { qos: 1 });
  }

  private onCommand(raw: Buffer): void {
    this.stats.commands++;
    const before = this.model.periodSec;
    const acks = respondToCommand(this.spec.typeKey, this.model, raw, this.opts.now());
    if (this.model.periodSec !== undefined && this.model.periodSec !== before) {
      this.periodSec = this.model.periodSec;
      this.schedule();
    }
    this.cameraCommand(raw, acks);
    for (const { ack, delayMs } of acks) {
      if (delayMs === 0) {
        this.ack(ack);
        continue;
      }
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        if (!this.stopped) this.ack(ack);
      }, delayMs * this.opts.ackDelayScale);
      this.pending.add(timer);
    }
  }

  /**
   * A capture the trap or arm accepted takes a photo; a photo interval a trap accepted re-times its
   * camera.
   */
  private cameraCommand(raw: Buffer, acks: readonly PlannedAck[]): void {
    const hasCamera = this.camera !== undefined || this.armCamera !== undefined;
    const cmd = hasCamera && acks.some((a) => a.ack.ok) ? commandOf(raw) : undefined;
    if (!cmd) return;
    if (cmd.action === 'capture') void (this.camera ?? this.armCamera)?.shoot();
    const interval = cmd.params.photoIntervalMin;
    if (cmd.action === 'configure' && typeof interval === 'number') this.camera?.setIntervalMin(interval);
  }

  /** Stops publishing; `offline` sends a retained offline status first (a clean shutdown). */
  async stop(offline = true): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.camera?.stop();
    await this.armCamera?.stop();
    for (const t of this.pending) clearTimeout(t);
    const client = this.client;
    if (!client) return;
    if (offline && client.connected) {
      await new Promise<void>((resolve) => {
        client.publish(
          this.topic('status'),
          JSON.stringify({ online: false, reason: 'simulator stopped' }),
          { qos: 1, retain: true },
          () => resolve(),
        );
        setTimeout(resolve, 1000).unref();
      });
    }
    await client.endAsync(!client.connected);
  }
}

export interface PlannedAck {
  ack: AckPayload;
  /** 0: right away; otherwise after the actuator's delay. */
  delayMs: number;
}

/**
 * What a device answers to a raw …/down message: nothing for garbage without a cmdId; one failed final
 * ack for a malformed command, an action or params the type does not accept, or a command the device
 * refuses (a tripped pump); otherwise 'accepted' at once and 'done' with the changed values after the
 * actuator's delay. Pure apart from the model's state change, so it is tested without a broker.
 */
export const respondToCommand = (
  typeKey: string,
  model: DeviceModel,
  raw: Buffer | string,
  now: number,
): PlannedAck[] => {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch {
    return [];
  }
  const parsed = commandPayload.safeParse(json);
  if (!parsed.success) {
    const cmdId = (json as { cmdId?: unknown } | null)?.cmdId;
    return typeof cmdId === 'string' && /^[0-9a-f-]{36}$/i.test(cmdId)
      ? [{ ack: { cmdId, ok: false, stage: 'done', message: 'malformed command' }, delayMs: 0 }]
      : [];
  }
  const { cmdId, action, params } = parsed.data;
  const problem = checkCommand(typeKey, action, params as CommandParams);
  if (problem) return [{ ack: { cmdId, ok: false, stage: 'done', message: problem }, delayMs: 0 }];
  const outcome = model.command(action, params as CommandParams, now);
  if (!outcome.ok) {
    return [{ ack: { cmdId, ok: false, stage: 'done', message: outcome.message ?? 'rejected' }, delayMs: 0 }];
  }
  const values = outcome.values ? finalizeValues(typeKey, outcome.values) : {};
  return [
    { ack: { cmdId, ok: true, stage: 'accepted' }, delayMs: 0 },
    {
      ack: { cmdId, ok: true, stage: 'done', ...(Object.keys(values).length ? { values } : {}) },
      delayMs: Math.max(1, outcome.delayMs ?? 300),
    },
  ];
};
