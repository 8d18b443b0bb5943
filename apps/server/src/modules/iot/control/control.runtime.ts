import { COMMAND_ACK_TIMEOUT_SEC, type CommandState } from '@tilth/contracts/device-protocol.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { Platform } from '../../../platform/platform.js';
import {
  type CommandRow,
  dueAutoOffs,
  enabledTenantIds,
  findChannel,
  laterCommands,
  markAutoOffDone,
  openCommands,
} from './control.repository.js';
import { autoOffPlan, supersedes } from './control.safety.js';
import { activeTenantsOf, handleAck, issueCommand, retryAck, timeoutCommand } from './control.service.js';

// Background work of control: acks from ingest, command timeouts and the automatic off. Sweeps run per
// tenant in their own transaction and only for tenants with commands in flight (plus one full pass at
// start, so a restart picks up what an earlier process left open).

/** An acked command with no final ack is given up after its run time plus this margin. */
export const ACKED_GRACE_SEC = 10 * 60;
const SWEEP_EVERY_MS = 5_000;
/** Acks waiting for their command to become visible; beyond this, unknown acks are dropped at once. */
const MAX_ACK_RETRIES = 200;

export interface SweepResult {
  timedOut: number;
  autoOffs: number;
  superseded: number;
}

/** How long an acked command may wait for its final ack: its run time (if any) plus the grace. */
const ackedLimitMs = (cmd: CommandRow): number => {
  const run = typeof cmd.params.durationMin === 'number' ? cmd.params.durationMin * 60 : 0;
  return (run + ACKED_GRACE_SEC) * 1000;
};

const sweepTimeouts = async (platform: Platform, db: Db, tenantId: number, now: Date): Promise<number> => {
  let n = 0;
  for (const cmd of await openCommands(db, tenantId)) {
    const state = cmd.state as CommandState;
    if (state === 'acked') {
      const since = (cmd.ackedAt ?? cmd.createdAt).getTime();
      if (now.getTime() - since >= ackedLimitMs(cmd)) {
        if (await timeoutCommand(platform, db, tenantId, cmd, now, 'no completion from the device')) n++;
      }
      continue;
    }
    const since = (cmd.sentAt ?? cmd.createdAt).getTime();
    if (now.getTime() - since >= COMMAND_ACK_TIMEOUT_SEC * 1000) {
      if (await timeoutCommand(platform, db, tenantId, cmd, now, 'no response from the device')) n++;
    }
  }
  return n;
};

const sweepAutoOffs = async (
  platform: Platform,
  db: Db,
  tenantId: number,
  now: Date,
  log: FastifyBaseLogger | undefined,
): Promise<{ issued: number; superseded: number }> => {
  let issued = 0;
  let superseded = 0;
  for (const cmd of await dueAutoOffs(db, tenantId, now)) {
    const device = await db.query.devices.findFirst({
      where: (d, { and, eq }) => and(eq(d.tenantId, tenantId), eq(d.id, cmd.deviceId)),
    });
    const type = device ? deviceTypeByKey(device.typeKey) : undefined;
    const channel =
      cmd.channelId === null ? null : ((await findChannel(db, tenantId, cmd.channelId)) ?? null);
    const plan = type && device ? autoOffPlan(type, device.config, cmd.action, cmd.params, channel) : null;
    // Nothing to switch off: the device or its type is gone, or the start never happened.
    if (!type || !device || !plan || cmd.state === 'failed') {
      await markAutoOffDone(db, tenantId, cmd.id, now);
      continue;
    }
    const later = await laterCommands(db, tenantId, cmd.deviceId, cmd.channelId, cmd.createdAt);
    if (later.some((l) => supersedes(type, plan.off, cmd.action, l))) {
      await markAutoOffDone(db, tenantId, cmd.id, now);
      superseded++;
      continue;
    }
    try {
      await issueCommand(platform, db, tenantId, {
        deviceId: cmd.deviceId,
        channelId: cmd.channelId,
        action: plan.off.action,
        params: plan.off.params,
        source: 'auto-off',
        userId: null,
      });
      await markAutoOffDone(db, tenantId, cmd.id, now);
      issued++;
    } catch (err) {
      // Offline: try again on the next sweep; the device's own run-time limit covers the gap.
      if (err instanceof AppError && err.status === 409) continue;
      log?.warn({ err, cmdId: cmd.id }, 'automatic off failed');
      await markAutoOffDone(db, tenantId, cmd.id, now);
    }
  }
  return { issued, superseded };
};

/** One sweep of one tenant: timeouts, then due automatic offs. Answers whether work remains. */
export const sweepTenant = async (
  platform: Platform,
  tenantId: number,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<SweepResult & { idle: boolean }> =>
  platform.database.withTenant(tenantId, async (tx) => {
    const timedOut = await sweepTimeouts(platform, tx, tenantId, now);
    const { issued, superseded } = await sweepAutoOffs(platform, tx, tenantId, now, log);
    const open = await openCommands(tx, tenantId);
    const pendingOff = await tx.query.deviceCommands.findFirst({
      where: (c, { and, eq, isNull, isNotNull }) =>
        and(eq(c.tenantId, tenantId), isNotNull(c.autoOffAt), isNull(c.autoOffDoneAt)),
    });
    return { timedOut, autoOffs: issued, superseded, idle: open.length === 0 && !pendingOff };
  });

/** Sweeps every tenant with work in flight (tests pass a future `now` instead of waiting). */
export const sweepCommands = async (
  platform: Platform,
  now: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<SweepResult> => {
  const active = activeTenantsOf(platform);
  const total: SweepResult = { timedOut: 0, autoOffs: 0, superseded: 0 };
  for (const tenantId of [...active]) {
    const r = await sweepTenant(platform, tenantId, now, log);
    total.timedOut += r.timedOut;
    total.autoOffs += r.autoOffs;
    total.superseded += r.superseded;
    if (r.idle) active.delete(tenantId);
  }
  return total;
};

/** Starts ack handling and the periodic sweeper; the returned stop waits for a sweep in progress. */
export const startControlRuntime = (platform: Platform, log: FastifyBaseLogger): (() => Promise<void>) => {
  let stopped = false;
  // Retries run beside the hook chain, so acks for unknown commands cannot stall other hooks.
  const retries = new Set<Promise<unknown>>();
  platform.iot.hooks.onAck(async (ack) => {
    if ((await handleAck(platform, ack)) !== 'missing' || stopped || retries.size >= MAX_ACK_RETRIES) return;
    const p = retryAck(platform, ack)
      .then((outcome) => {
        if (outcome === 'missing')
          log.warn({ cmdId: ack.cmdId, deviceId: ack.deviceId }, 'ack for an unknown command');
      })
      .catch((err: unknown) => log.warn({ err }, 'ack retry failed'))
      .finally(() => retries.delete(p));
    retries.add(p);
  });
  let running: Promise<void> | null = null;
  let seeded = false;
  const tick = async () => {
    if (!seeded) {
      // A restarted process takes over commands and automatic offs an earlier one left open.
      const ids = await platform.database.transaction((tx) => enabledTenantIds(tx));
      for (const id of ids) activeTenantsOf(platform).add(id);
      seeded = true;
    }
    await sweepCommands(platform, new Date(), log);
  };
  const timer = setInterval(() => {
    // A slow sweep is not stacked on: the next tick after it finishes picks up.
    if (stopped || running) return;
    running = tick()
      .catch((err: unknown) => log.warn({ err }, 'command sweep failed'))
      .finally(() => {
        running = null;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await Promise.all([...retries]);
  };
};
