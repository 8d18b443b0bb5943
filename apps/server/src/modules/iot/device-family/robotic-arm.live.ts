import type { CommandIssued } from '@tilth/contracts/device-family.types';
import type { LiveState } from '@tilth/contracts/device-family-ops.types';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import type { CommandAck } from '../../../platform/iot/iot.js';
import type { Platform } from '../../../platform/platform.js';
import { hasCommand, loadDevice, type Op } from './device-family.access.js';
import type { DeviceRow } from './device-family.repository.js';
import { command } from './device-family.service.js';

// Status round trips (robotic arm call-status / call-config, inverter refresh): send a registry command,
// wait a bounded time for the device's final ack — ingest has merged its values into the device's latest
// values by the time the ack hook runs — and answer the device row; stale when the device did not answer.
// Routes using this run without a request transaction (noTransaction): on PGlite an open request
// transaction would hold back the very ingest that stores the answer.

/** Longest a request waits for the device's answer. */
export const LIVE_WAIT_MS = 5_000;
/** Acks kept for a round trip that has not registered its waiter yet (the device answered very fast). */
const EARLY_ACK_TTL_MS = 15_000;
const EARLY_ACK_MAX = 1_000;

interface Waiters {
  active: number;
  waiting: Map<string, (ack: CommandAck) => void>;
  early: Map<string, { ack: CommandAck; at: number }>;
}

const registries = new WeakMap<Platform, Waiters>();

/** The round trips waiting in this process (the ack hook of device-family.jobs.ts feeds them). */
const waitersOf = (platform: Platform): Waiters => {
  let w = registries.get(platform);
  if (!w) {
    w = { active: 0, waiting: new Map(), early: new Map() };
    registries.set(platform, w);
  }
  return w;
};

/** One onAck hook per platform feeds every round trip in this process (started as a job). */
export const listenForLiveAcks = (platform: Platform): void => {
  const w = waitersOf(platform);
  platform.iot.hooks.onAck(async (ack) => {
    // An 'accepted' ack says the command started; the answer comes with the final one.
    if (ack.stage !== 'done' && ack.ok) return;
    const fn = w.waiting.get(ack.cmdId);
    if (fn) return fn(ack);
    if (w.active === 0) return;
    const now = Date.now();
    for (const [k, v] of w.early) if (now - v.at > EARLY_ACK_TTL_MS) w.early.delete(k);
    if (w.early.size < EARLY_ACK_MAX) w.early.set(ack.cmdId, { ack, at: now });
  });
};

/** Resolves with the final ack of cmdId, or undefined after timeoutMs. */
const awaitAck = (w: Waiters, cmdId: string, timeoutMs: number): Promise<CommandAck | undefined> => {
  const early = w.early.get(cmdId);
  if (early) {
    w.early.delete(cmdId);
    return Promise.resolve(early.ack);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      w.waiting.delete(cmdId);
      resolve(undefined);
    }, timeoutMs);
    w.waiting.set(cmdId, (ack) => {
      clearTimeout(timer);
      w.waiting.delete(cmdId);
      resolve(ack);
    });
  });
};

export interface LiveCallOptions {
  types: readonly string[];
  op: Op;
  action: string;
  /** Runs in a fresh transaction after a successful answer (e.g. keep reported values in the config). */
  afterAnswer?: (ctx: TenantCtx, row: DeviceRow) => Promise<DeviceRow>;
  waitMs?: number;
}

/** ctx with the given transaction as its db. */
export const inTx = (ctx: TenantCtx, db: Db): TenantCtx => ({ ...ctx, db, transact: (fn) => fn(db) });

const toState = (row: DeviceRow, stale: boolean, cmd: CommandIssued | null): LiveState => ({
  online: row.online ? 1 : 0,
  latest: row.latest,
  latestAt: row.latestAt?.toISOString() ?? null,
  config: row.config,
  stale,
  command: cmd,
});

/**
 * Asks the device (ctx from a noTransaction route) and answers what it reported. An offline device, or a
 * type without the command, is not asked: the stored state comes back stale.
 */
export const liveCall = async (platform: Platform, ctx: TenantCtx, id: number, o: LiveCallOptions) => {
  const w = waitersOf(platform);
  w.active++;
  try {
    const first = await ctx.transact(async (db) => {
      const tx = inTx(ctx, db);
      const { row, type } = await loadDevice(tx, id, o.types, o.op);
      if (!row.online || row.enabledFlag !== 1 || !hasCommand(type, o.action)) {
        return { row, cmd: null };
      }
      try {
        return { row, cmd: await command(platform, tx, row.id, o.action) };
      } catch (err) {
        // Went offline between the read and the send: answer what is stored.
        if (err instanceof AppError && err.status === 409) return { row, cmd: null };
        throw err;
      }
    });
    if (!first.cmd || first.cmd.state === 'failed') return toState(first.row, true, first.cmd);
    const ack = await awaitAck(w, first.cmd.cmdId, o.waitMs ?? LIVE_WAIT_MS);
    const answered = ack?.ok === true;
    const row = await ctx.transact(async (db) => {
      const tx = inTx(ctx, db);
      const { row: fresh } = await loadDevice(tx, id, o.types, 'view');
      return answered && o.afterAnswer ? o.afterAnswer(tx, fresh) : fresh;
    });
    return toState(row, !answered, first.cmd);
  } finally {
    w.active--;
  }
};
