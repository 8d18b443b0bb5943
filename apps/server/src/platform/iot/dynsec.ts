import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceTopicPrefix, deviceUsername } from './device-secret.js';
import type { IotLog } from './embedded.js';
import type { DeviceAddress } from './iot.js';
import type { BrokerProvisioner } from './provisioner.js';

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const TIMEOUT_MS = 10_000;

export interface DynsecOptions {
  /** The broker (MQTT_URL, without credentials is fine). */
  url: string;
  /** An account holding the dynsec admin ACLs (publish / subscribe `$CONTROL/dynamic-security/#`). */
  username: string | undefined;
  password: string | undefined;
  clientId: string;
}

type Command = Record<string, unknown> & { command: string };
interface Response {
  command: string;
  error?: string;
  correlationData?: string;
}

/** The role of one device: rolename and the ACLs of docs/device-protocol.md §3. */
export const deviceRole = (d: DeviceAddress): { rolename: string; acls: Record<string, unknown>[] } => {
  const prefix = deviceTopicPrefix(d);
  const acl = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
  return {
    rolename: `tilth-device:${deviceUsername(d)}`,
    acls: [
      acl('publishClientSend', `${prefix}up`),
      acl('publishClientSend', `${prefix}status`),
      acl('publishClientSend', `${prefix}ack`),
      // Literal: a wildcard subscription (…/+/down) does not match it and is refused.
      acl('subscribeLiteral', `${prefix}down`),
    ],
  };
};

const exists = (r: Response | undefined) => /already exists/i.test(r?.error ?? '');
const missing = (r: Response | undefined) => /not found/i.test(r?.error ?? '');

/**
 * Mosquitto dynamic security (MQTT_PROVISIONING=mosquitto-dynsec): one control connection sends
 * createRole / createClient / setClientPassword / deleteClient… to `$CONTROL/dynamic-security/v1` and
 * matches the answers on its response topic by correlation data. Every device gets its own client
 * (username = client id = `{tenantId}/{typeKey}/{eui}`) and its own role confining it to its topics.
 */
export class DynsecProvisioner implements BrokerProvisioner {
  readonly kind = 'mosquitto-dynsec' as const;
  private client: MqttClient | undefined;
  private readonly waiting = new Map<string, (r: Response) => void>();

  constructor(
    private readonly opts: DynsecOptions,
    private readonly log: () => IotLog,
  ) {}

  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.opts.url, {
      clientId: this.opts.clientId,
      ...(this.opts.username ? { username: this.opts.username } : {}),
      ...(this.opts.password ? { password: this.opts.password } : {}),
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    client.on('error', (err) => this.log().warn({ err: err.message }, 'MQTT dynsec link error'));
    client.on('message', (topic, payload) => {
      if (topic === DYNSEC_RESPONSE_TOPIC) this.answer(payload);
    });
    try {
      await client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 });
    } catch (err) {
      await client.endAsync(true);
      throw new Error(`MQTT_PROVISIONING: the admin account may not subscribe to ${DYNSEC_RESPONSE_TOPIC}`, {
        cause: err,
      });
    }
    this.client = client;
  }

  async issued(d: DeviceAddress, secret: string): Promise<void> {
    const username = deviceUsername(d);
    const role = deviceRole(d);
    const [r1, r2] = await this.send([
      { command: 'createRole', ...role },
      {
        command: 'createClient',
        username,
        password: secret,
        clientid: username,
        roles: [{ rolename: role.rolename }],
      },
    ]);
    if (r1?.error && !exists(r1)) throw new Error(`dynsec createRole: ${r1.error}`);
    if (!r2?.error) return;
    if (!exists(r2)) throw new Error(`dynsec createClient: ${r2.error}`);
    // Known client (rotation, or registered again): new password, its role, and enabled.
    const [p] = await this.send([
      { command: 'setClientPassword', username, password: secret },
      { command: 'addClientRole', username, rolename: role.rolename },
      { command: 'enableClient', username },
    ]);
    if (p?.error) throw new Error(`dynsec setClientPassword: ${p.error}`);
    // Drop any connection made with the old secret: disabling a client kicks it.
    await this.send([
      { command: 'disableClient', username },
      { command: 'enableClient', username },
    ]);
  }

  async removed(d: DeviceAddress): Promise<void> {
    const [c, r] = await this.send([
      { command: 'deleteClient', username: deviceUsername(d) },
      { command: 'deleteRole', rolename: deviceRole(d).rolename },
    ]);
    if (c?.error && !missing(c)) throw new Error(`dynsec deleteClient: ${c.error}`);
    if (r?.error && !missing(r)) throw new Error(`dynsec deleteRole: ${r.error}`);
  }

  async enabled(d: DeviceAddress, enabled: boolean): Promise<void> {
    const [r] = await this.send([
      { command: enabled ? 'enableClient' : 'disableClient', username: deviceUsername(d) },
    ]);
    if (r?.error && !missing(r))
      throw new Error(`dynsec ${enabled ? 'enable' : 'disable'}Client: ${r.error}`);
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = undefined;
    for (const fn of this.waiting.values()) fn({ command: '?', error: 'closed' });
    this.waiting.clear();
  }

  /** Sends commands in one message; answers their responses in the same order. */
  private send(commands: readonly Command[]): Promise<(Response | undefined)[]> {
    const client = this.client;
    if (!client?.connected) return Promise.reject(new Error('MQTT dynsec link is down'));
    const id = randomUUID();
    const tagged = commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` }));
    const answers = tagged.map(
      (c) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting.delete(c.correlationData);
            reject(new Error(`dynsec ${c.command}: no response within ${TIMEOUT_MS} ms`));
          }, TIMEOUT_MS);
          this.waiting.set(c.correlationData, (r) => {
            clearTimeout(timer);
            this.waiting.delete(c.correlationData);
            resolve(r);
          });
        }),
    );
    const all = Promise.all(answers);
    all.catch(() => undefined);
    return client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 }).then(
      () => all,
      (err: unknown) => {
        // Settle the waiters now rather than at their timeout.
        for (const c of tagged)
          this.waiting.get(c.correlationData)?.({ command: c.command, error: 'not sent' });
        throw err;
      },
    );
  }

  private answer(payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const responses = (body as { responses?: unknown }).responses;
    if (!Array.isArray(responses)) return;
    for (const r of responses as Response[]) {
      const fn = typeof r?.correlationData === 'string' ? this.waiting.get(r.correlationData) : undefined;
      fn?.(r);
    }
  }
}
