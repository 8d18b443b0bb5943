import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import type { MqttClient } from 'mqtt';
import type { Started } from '../../../../app/server.js';
import {
  closeClient,
  connectDevice,
  publishStatus,
  publishTelemetry,
  type RegisterOptions,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';
import { findDevice } from '../../device/index.js';

/** ok: one final ack; twoStage: accepted then done; fail: ok false; silent: never answers. */
export type Behaviour = 'ok' | 'twoStage' | 'fail' | 'silent';

/** A registered device as a real MQTT client that answers commands on …/down as told. */
export class FakeDevice {
  readonly received: CommandPayload[] = [];
  behaviour: Behaviour = 'ok';

  private constructor(
    readonly device: TestDevice,
    private readonly client: MqttClient,
  ) {}

  get id(): number {
    return this.device.id;
  }

  static async online(server: Started, tenantId: number, o: RegisterOptions): Promise<FakeDevice> {
    const device = await registerDevice(server, tenantId, o);
    const client = await connectDevice(server, {
      username: device.username,
      secret: device.secret,
      will: true,
    });
    const fake = new FakeDevice(device, client);
    client.on('message', (_topic, buf) => {
      const cmd = JSON.parse(buf.toString()) as CommandPayload;
      fake.received.push(cmd);
      fake.answer(cmd).catch(() => undefined);
    });
    await client.subscribeAsync(topicOf(device, 'down'), { qos: 1 });
    await publishStatus(client, device, true);
    await waitFor(
      () =>
        server.platform.database.withTenant(tenantId, async (tx) =>
          (await findDevice(tx, tenantId, device.id))?.online ? true : undefined,
        ),
      5000,
      `${o.typeKey} online`,
    );
    return fake;
  }

  async ack(body: Record<string, unknown>): Promise<void> {
    await this.client.publishAsync(topicOf(this.device, 'ack'), JSON.stringify(body), { qos: 1 });
  }

  private async answer(cmd: CommandPayload): Promise<void> {
    switch (this.behaviour) {
      case 'silent':
        return;
      case 'fail':
        return this.ack({ cmdId: cmd.cmdId, ok: false, message: 'relay stuck' });
      case 'twoStage':
        await this.ack({ cmdId: cmd.cmdId, ok: true, stage: 'accepted' });
        await new Promise((r) => setTimeout(r, 150));
        return this.ack({ cmdId: cmd.cmdId, ok: true, stage: 'done' });
      case 'ok':
        return this.ack({ cmdId: cmd.cmdId, ok: true });
    }
  }

  /** Publishes one reading at QoS 1 (resolves once the server stored it). */
  async publish(seq: number, ts: number, values: Record<string, number>): Promise<void> {
    await publishTelemetry(this.client, this.device, { seq, ts, values });
  }

  /** Reports itself offline (retained status), as a device shutting down would. */
  async goOffline(): Promise<void> {
    await publishStatus(this.client, this.device, false);
  }

  async close(): Promise<void> {
    await closeClient(this.client);
  }
}
