import mqtt, { type MqttClient } from 'mqtt';
import {
  CHIRPSTACK_UPLINK_TOPIC,
  ChirpStackBridge,
  ChirpStackCodec,
} from '../../modules/device-family/chirpstack.codec.js';
import type { DeviceDirectory } from './directory.js';
import type { IotLog } from './embedded.js';

export interface ChirpStackOptions {
  url: string;
  /** The tenant whose lorawan-node devices the ChirpStack application's DevEUIs are registered in. */
  tenantId: number;
  clientId: string;
}

/**
 * LoRaWAN in (ARCHITECTURE §6): subscribes to a ChirpStack v4 MQTT integration and feeds every uplink
 * through ChirpStackBridge into ingest as the matching `lorawan-node` (serial = DevEUI, lowercase).
 * The PUBACK to ChirpStack's broker is sent after the reading is stored.
 */
export class ChirpStackLink {
  private client: MqttClient | undefined;
  readonly bridge: ChirpStackBridge;

  constructor(
    private readonly opts: ChirpStackOptions,
    directory: DeviceDirectory,
    feed: (topic: string, payload: string) => Promise<boolean>,
    private readonly log: () => IotLog,
  ) {
    this.bridge = new ChirpStackBridge({
      codec: new ChirpStackCodec(),
      resolve: async (devEui) => {
        const addr = { tenantId: opts.tenantId, typeKey: 'lorawan-node', eui: devEui };
        const entry = await directory.lookup(addr);
        return entry?.enabled ? addr : undefined;
      },
      publish: async (topic, payload) => {
        await feed(topic, payload);
      },
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
      this.bridge.handle(packet.topic, packet.payload).then(
        () => callback(),
        (err: unknown) => {
          this.log().error({ err }, 'ChirpStack uplink could not be stored');
          client.end(true, () => client.reconnect());
        },
      );
    };
    await client.subscribeAsync(CHIRPSTACK_UPLINK_TOPIC, { qos: 1 });
    this.client = client;
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = undefined;
  }
}
