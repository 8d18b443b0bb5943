import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import { deviceTopic } from '@tilth/contracts/device-topics';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../db/client.js';
import type { DeviceDirectory } from './directory.js';
import type { IotLog } from './embedded.js';
import { IotErrors } from './iot.errors.js';
import type { DeviceAddress } from './iot.js';
import type {
  DeviceLookup,
  LorawanBridge,
  LorawanCodecs,
  LorawanDownlink,
  LorawanDownlinkEvent,
} from './ports.js';

export interface ChirpStackOptions {
  url: string;
  /** The tenant whose devices the ChirpStack application's DevEUIs are registered in. */
  tenantId: number;
  clientId: string;
}

/** A command on its way to ChirpStack: where the downlink goes and what it carries. */
export interface DownlinkPlan {
  topic: string;
  downlink: LorawanDownlink;
}

const DEV_EUI = /^[0-9a-f]{16}$/;
/** Downlinks waiting for ChirpStack's ack; the oldest are forgotten past this (their commands time out). */
const MAX_PENDING = 10_000;

/**
 * LoRaWAN through ChirpStack v4 (ARCHITECTURE §6, docs/device-protocol.md §12). The link is the MQTT
 * transport; ChirpStack's message formats and the vendor codecs come from device-family (LorawanCodecs,
 * wired by app/server.ts). In: every uplink goes through the bridge into ingest as the device with that DevEUI — a `lorawan-node`, or a device of
 * another type whose settings name a vendor codec — with the PUBACK to ChirpStack's broker after the
 * reading is stored. Out: commands to those devices become `…/command/down` downlinks (confirmed, encoded
 * by the device's codec); ChirpStack's txack / ack events come back as the command's acks.
 */
export class ChirpStackLink {
  private client: MqttClient | undefined;
  readonly bridge: LorawanBridge;
  /** cmdId → device, for downlinks ChirpStack has not confirmed yet (insertion order = age). */
  private readonly pending = new Map<string, DeviceAddress & { devEui: string }>();

  constructor(
    private readonly opts: ChirpStackOptions,
    directory: DeviceDirectory,
    database: Database,
    private readonly codecs: LorawanCodecs,
    devices: DeviceLookup,
    private readonly feed: (topic: string, payload: string) => Promise<boolean>,
    private readonly log: () => IotLog,
  ) {
    this.bridge = codecs.createBridge({
      resolve: async (devEui) => {
        const addr = { tenantId: opts.tenantId, typeKey: 'lorawan-node', eui: devEui };
        const entry = await directory.lookup(addr, 'ingest');
        if (entry?.enabled) return addr;
        const [other] = await database.withTenant(opts.tenantId, (tx) =>
          devices.findCodecDevices(tx, opts.tenantId, devEui),
        );
        return other && { tenantId: opts.tenantId, ...other };
      },
      publish: async (topic, payload) => {
        await feed(topic, payload);
      },
    });
  }

  /**
   * How a command to this device travels: undefined when not through ChirpStack (another tenant, or a
   * lorawan-node that speaks our MQTT protocol itself). Throws an AppError when it should go through
   * ChirpStack but cannot: the codec cannot encode the action (400), the application is not known yet (409).
   */
  plan(to: DeviceAddress, config: Record<string, unknown>, cmd: CommandPayload): DownlinkPlan | undefined {
    if (to.tenantId !== this.opts.tenantId) return undefined;
    const devEui = to.eui.toLowerCase();
    const codecId = typeof config.codec === 'string' ? config.codec : undefined;
    const codec = this.codecs.hasCodec(codecId);
    const configured = typeof config.chirpstackAppId === 'string' ? config.chirpstackAppId : '';
    const appId = this.bridge.applications.get(devEui) ?? (configured || undefined);
    // A lorawan-node without a codec that never came through ChirpStack is a native MQTT device.
    if (!codec && !(to.typeKey === 'lorawan-node' && appId)) return undefined;
    if (!appId || !DEV_EUI.test(devEui)) throw IotErrors.lorawanAppUnknown();
    const downlink = this.codecs.buildDownlink(devEui, cmd, codecId);
    if (!downlink) throw IotErrors.codecCannotEncode({ codec: codecId ?? '', action: cmd.action });
    return { topic: this.codecs.downlinkTopic(appId, devEui), downlink };
  }

  /**
   * Hands the downlink to the link for ChirpStack (QoS 1); the command is `sent` once this resolves.
   *
   * The broker's PUBACK is not awaited. The command is issued inside a database transaction, and this
   * client reads the PUBACK only after the messages that came before it are stored, which needs the
   * database: on PGlite (one connection) an uplink arriving just before the PUBACK deadlocked the process.
   * mqtt.js keeps the message until it is acknowledged and sends it again after a reconnect (clean: false);
   * a publish that still fails fails the command through its ack topic, like a downlink the device did not
   * confirm.
   */
  async send(to: DeviceAddress, plan: DownlinkPlan): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('ChirpStack link is not running');
    const cmdId = plan.downlink.id;
    this.pending.set(cmdId, { ...to, devEui: plan.downlink.devEui });
    if (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    client.publish(plan.topic, JSON.stringify(plan.downlink), { qos: 1 }, (err) => {
      if (!err) return;
      this.pending.delete(cmdId);
      this.log().warn({ err: err.message, cmdId }, 'ChirpStack downlink could not be queued');
      this.ack(to, { cmdId, ok: false, stage: 'done', message: 'command issue failed' }).catch((e: unknown) =>
        this.log().error({ err: e, cmdId }, 'ChirpStack downlink failure not stored'),
      );
    });
  }

  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.opts.url, {
      clientId: this.opts.clientId,
      clean: false,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    client.on('error', (err) => this.log().warn({ err: err.message }, 'ChirpStack link error'));
    client.handleMessage = (packet, callback) => {
      const event = this.codecs.parseDownlinkEvent(packet.topic, packet.payload);
      const work = event ? this.onDownlinkEvent(event) : this.bridge.handle(packet.topic, packet.payload);
      work.then(
        () => callback(),
        (err: unknown) => {
          this.log().error({ err }, 'ChirpStack message could not be stored');
          client.end(true, () => client.reconnect());
        },
      );
    };
    await client.subscribeAsync([...this.codecs.topics], { qos: 1 });
    this.client = client;
  }

  /**
   * txack (a gateway sent it) → the command's `accepted` ack (acked); ack → done, or failed when the device
   * did not confirm it. The queue item id is our cmdId; an event without one matches the device's oldest.
   */
  private async onDownlinkEvent(e: LorawanDownlinkEvent): Promise<void> {
    let cmdId = e.queueItemId && this.pending.has(e.queueItemId) ? e.queueItemId : undefined;
    if (!cmdId) {
      for (const [id, p] of this.pending) {
        if (p.devEui === e.devEui) {
          cmdId = id;
          break;
        }
      }
    }
    const dev = cmdId && this.pending.get(cmdId);
    if (!cmdId || !dev) return;
    if (e.kind === 'ack') this.pending.delete(cmdId);
    const ack =
      e.kind === 'txack'
        ? { cmdId, ok: true, stage: 'accepted' }
        : e.acknowledged
          ? { cmdId, ok: true, stage: 'done' }
          : { cmdId, ok: false, stage: 'done', message: 'the device did not confirm the downlink' };
    await this.ack(dev, ack);
  }

  /** Stores a command's ack as if the device had sent it on its ack topic. */
  private ack(dev: DeviceAddress, ack: { cmdId: string; ok: boolean; stage: string; message?: string }) {
    return this.feed(deviceTopic(dev.tenantId, dev.typeKey, dev.eui, 'ack'), JSON.stringify(ack));
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = undefined;
  }
}
