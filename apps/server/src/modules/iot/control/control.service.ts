import { randomUUID } from 'node:crypto';
import type { CommandSource, CommandView } from '@tilth/contracts/control.types';
import { SWITCH_VALUES, type SwitchType } from '@tilth/contracts/control.types';
import { type CommandState, canTransitionCommand } from '@tilth/contracts/device-protocol.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import type { Db } from '../../../platform/db/client.js';
import type { CommandAck } from '../../../platform/iot/iot.js';
import type { Platform } from '../../../platform/platform.js';
import { findDevice } from '../device/index.js';
import { ControlErrors } from './control.errors.js';
import {
  type ChannelRow,
  type CommandRow,
  findChannel,
  findChannelByCircuit,
  findCommand,
  insertCommand,
  moveCommand,
  setChannelStatus,
} from './control.repository.js';
import { autoOffPlan } from './control.safety.js';
import { CommandInvalid, type CommandParams, validateCommand } from './control.validate.js';

// The command lifecycle of ARCHITECTURE §6: queued → sent → acked → done | failed | timeout. Commands
// come from users (routes), strategies (H5), family screens and the automatic off; all go through
// issueCommand so validation, the offline refusal and safety apply to every source alike.

export interface IssueCommandInput {
  deviceId: number;
  channelId?: number | null;
  action: string;
  params: CommandParams;
  source: CommandSource;
  userId: number | null;
  sourceId?: number | null;
}

/** Tenants with commands in flight in this process; the sweepers visit these (control.runtime.ts). */
const activeTenants = new WeakMap<Platform, Set<number>>();
export const activeTenantsOf = (platform: Platform): Set<number> => {
  let set = activeTenants.get(platform);
  if (!set) {
    set = new Set();
    activeTenants.set(platform, set);
  }
  return set;
};

export const toCommandView = (r: CommandRow): CommandView => ({
  cmdId: r.id,
  deviceId: r.deviceId,
  channelId: r.channelId,
  action: r.action,
  params: r.params,
  state: r.state as CommandState,
  source: r.source,
  userId: r.userId,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  ackedAt: r.ackedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  autoOffAt: r.autoOffAt?.toISOString() ?? null,
});

const emitState = (platform: Platform, tenantId: number, r: CommandRow): void => {
  platform.iot.events.emit(tenantId, {
    type: 'command',
    deviceId: r.deviceId,
    cmdId: r.id,
    state: r.state,
    message: r.message,
  });
};

/**
 * Fills and checks the channel of a command: a switch command names its switch (switchId, circuit),
 * a pump command its port. The channel must belong to the device; a regular switch takes no sw 2.
 */
const resolveChannel = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  input: IssueCommandInput,
): Promise<{ channel: ChannelRow | null; params: CommandParams }> => {
  const params = { ...input.params };
  let channel: ChannelRow | undefined;
  if (input.channelId != null) {
    channel = await findChannel(db, tenantId, input.channelId);
    if (!channel || channel.deviceId !== deviceId) throw ControlErrors.channelNotFound();
  } else if (input.action === 'switch' && typeof params.switchId === 'number') {
    channel = await findChannel(db, tenantId, params.switchId);
    if (!channel || channel.deviceId !== deviceId || channel.kind !== 'switch') {
      throw ControlErrors.channelNotFound();
    }
  } else if (input.action === 'pump' && typeof params.port === 'number') {
    channel = await findChannelByCircuit(db, tenantId, deviceId, 'pump', params.port);
  }
  if (!channel) return { channel: null, params };
  if (input.action === 'switch' && channel.kind === 'switch') {
    for (const [field, value] of [
      ['switchId', channel.id],
      ['circuit', channel.circuit],
    ] as const) {
      if (params[field] === undefined) params[field] = value;
      else if (params[field] !== value) throw ControlErrors.switchMismatch({ field });
    }
    const type = (channel.switchType ?? 'regular') as SwitchType;
    const allowed = SWITCH_VALUES[type] ?? SWITCH_VALUES.regular;
    if (typeof params.sw === 'number' && !allowed.includes(params.sw)) {
      throw ControlErrors.switchValue({ type, values: allowed.join(', ') });
    }
  }
  if (input.action === 'pump' && channel.kind === 'pump') {
    if (params.port === undefined) params.port = channel.circuit;
    else if (params.port !== channel.circuit) throw ControlErrors.switchMismatch({ field: 'port' });
  }
  return { channel, params };
};

/**
 * Validates a command against the registry, refuses a disabled or offline device (409 'device not
 * connected', nothing stored), stores it queued, publishes {cmdId, action, params} on …/down and marks it
 * sent. A publish failure leaves it failed ('command issue failed') rather than throwing, so the attempt
 * stays in the control log. Inside a request the row commits with the request; acks arriving earlier are
 * retried by handleAck until the row is visible.
 */
export async function issueCommand(
  platform: Platform,
  db: Db,
  tenantId: number,
  input: IssueCommandInput,
): Promise<{ cmdId: string; state: CommandState }> {
  const device = await findDevice(db, tenantId, input.deviceId);
  if (!device) throw ControlErrors.deviceNotFound();
  const type = deviceTypeByKey(device.typeKey);
  if (!type || type.commands.length === 0) throw ControlErrors.notControllable();
  const { channel, params: filled } = await resolveChannel(db, tenantId, device.id, input);
  let params: CommandParams;
  try {
    params = validateCommand(type, input.action, filled).params;
  } catch (err) {
    if (err instanceof CommandInvalid) throw ControlErrors.invalidCommand({ detail: err.message });
    throw err;
  }
  if (device.enabledFlag !== 1 || !device.online) throw ControlErrors.notConnected();
  const to = { tenantId, typeKey: device.typeKey, eui: device.eui };
  // A transport that cannot carry it (a LoRaWAN codec without this action) refuses it before it is stored.
  platform.iot.checkCommand(to, device.config, { action: input.action, params });

  const now = new Date();
  const plan = autoOffPlan(type, device.config, input.action, params, channel);
  const cmdId = randomUUID();
  const row = await insertCommand(db, {
    tenantId,
    id: cmdId,
    deviceId: device.id,
    channelId: channel?.id ?? null,
    action: input.action,
    params,
    state: 'queued',
    source: input.source,
    userId: input.userId,
    sourceId: input.sourceId ?? null,
    createdAt: now,
    autoOffAt: plan ? new Date(now.getTime() + plan.minutes * 60_000) : null,
  });
  activeTenantsOf(platform).add(tenantId);
  try {
    await platform.iot.sendCommand(to, { cmdId, action: input.action, params }, device.config);
  } catch {
    const failed = await moveCommand(db, tenantId, cmdId, ['queued'], {
      state: 'failed',
      message: 'command issue failed',
      finishedAt: new Date(),
    });
    emitState(platform, tenantId, failed ?? row);
    return { cmdId, state: 'failed' };
  }
  const sent = await moveCommand(db, tenantId, cmdId, ['queued'], { state: 'sent', sentAt: new Date() });
  emitState(platform, tenantId, sent ?? row);
  return { cmdId, state: (sent?.state ?? row.state) as CommandState };
}

export type AckOutcome = 'applied' | 'ignored' | 'missing';

/** Channel status a confirmed command leaves behind: the switch's sw, the pump's on/off. */
const statusAfter = (cmd: CommandRow): number | undefined => {
  if (cmd.action === 'switch' && typeof cmd.params.sw === 'number') return cmd.params.sw;
  if (cmd.action === 'pump' && typeof cmd.params.on === 'boolean') return cmd.params.on ? 1 : 0;
  return undefined;
};

const applyAck = async (platform: Platform, db: Db, ack: CommandAck): Promise<AckOutcome> => {
  const cmd = await findCommand(db, ack.tenantId, ack.cmdId);
  if (!cmd) return 'missing';
  // A device may only answer its own commands.
  if (cmd.deviceId !== ack.deviceId) return 'ignored';
  const from = cmd.state as CommandState;
  const to: CommandState = !ack.ok ? 'failed' : ack.stage === 'accepted' ? 'acked' : 'done';
  if (!canTransitionCommand(from, to)) return 'ignored';
  const final = to !== 'acked';
  const moved = await moveCommand(db, ack.tenantId, cmd.id, [from], {
    state: to,
    message: ack.message ?? (to === 'failed' ? 'operation failed' : cmd.message),
    ...(to === 'acked' || cmd.ackedAt === null ? { ackedAt: ack.at } : {}),
    ...(final ? { finishedAt: ack.at } : {}),
  });
  if (!moved) return 'ignored';
  const status = statusAfter(moved);
  if (to === 'done' && moved.channelId !== null && status !== undefined) {
    await setChannelStatus(db, ack.tenantId, moved.channelId, { statusFlag: status });
  }
  emitState(platform, ack.tenantId, moved);
  return 'applied';
};

/** Applies one ack in its own tenant transaction. */
export const handleAck = (platform: Platform, ack: CommandAck): Promise<AckOutcome> =>
  platform.database.withTenant(ack.tenantId, (tx) => applyAck(platform, tx, ack));

const ACK_RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1500];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Retries an ack whose command was not visible: a fast device may answer while the issuing request's
 * transaction has not committed yet. Gives up after about three seconds (an unknown cmdId).
 */
export const retryAck = async (platform: Platform, ack: CommandAck): Promise<AckOutcome> => {
  for (const delay of ACK_RETRY_DELAYS_MS) {
    await sleep(delay);
    const outcome = await handleAck(platform, ack);
    if (outcome !== 'missing') return outcome;
  }
  return 'missing';
};

/** Moves a command to timeout when still open; used by the sweeper. */
export const timeoutCommand = async (
  platform: Platform,
  db: Db,
  tenantId: number,
  cmd: CommandRow,
  at: Date,
  message: string,
): Promise<boolean> => {
  const moved = await moveCommand(db, tenantId, cmd.id, [cmd.state as CommandState], {
    state: 'timeout',
    message,
    finishedAt: at,
  });
  if (moved) emitState(platform, tenantId, moved);
  return moved !== undefined;
};
