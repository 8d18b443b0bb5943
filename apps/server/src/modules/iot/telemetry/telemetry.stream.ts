import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearer } from '../../../platform/auth/tokens.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { holdWhileAdmitted, type StreamEndReason } from '../../../platform/http/live-streams.js';
import type { Platform } from '../../../platform/platform.js';
import { deviceTypesOf } from './telemetry.repository.js';
import { TELEMETRY_ACCESS } from './telemetry.service.js';

const HEARTBEAT_MS = 15_000;

/** Open streams, ended when the server closes (a hijacked reply would keep close() waiting). */
const open = new Set<(reason: StreamEndReason) => void>();
export const endAllStreams = (): void => {
  for (const end of [...open]) end('shutdown');
};

const viewableTypes = (permissions: ReadonlySet<string>): Set<string> =>
  new Set(DEVICE_TYPES.filter((t) => permissions.has(t.permissions.view)).map((t) => t.key));

/**
 * Server-Sent Events of a tenant's devices: `event: <type>` + `data: <DeviceStreamEvent JSON>`, a
 * comment heartbeat every 15 s. A caller who may view only some device types gets only their events
 * (a device's type is looked up once per stream). The stream lasts while its session admits it: it ends
 * at the access token's expiry, on logout or revocation, and when the user's permissions change
 * (live-streams.ts), with a last `event: end` naming why; the console then reconnects (refreshing first).
 */
export const streamDeviceEvents = async (
  ctx: Ctx,
  platform: Platform,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> => {
  // The request came in this long ago: no later than its admission (live-streams.ts).
  const admittedAt = performance.now() - reply.elapsedTime;
  requireTenant(ctx);
  requireAccess(ctx, TELEMETRY_ACCESS);
  const tenantId = ctx.tenantId;
  const token = bearer(req.headers.authorization);
  if (!token) throw CommonErrors.tokenInvalid();
  const viewable = viewableTypes(ctx.permissions);
  // A member limited to some bases (ADR 0012) gets only their devices' events: each device is looked up
  // once, in a transaction bound to the same scope.
  const everything = viewable.size === DEVICE_TYPES.length && !ctx.areaScope;
  const allowed = new Map<number, boolean>();

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n: connected\n\n');

  let chain: Promise<void> = Promise.resolve();
  const write = (e: DeviceStreamEvent) => {
    if (!res.writableEnded) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const may = async (deviceId: number): Promise<boolean> => {
    if (everything) return true;
    const hit = allowed.get(deviceId);
    if (hit !== undefined) return hit;
    const types = await ctx.transact((tx) => deviceTypesOf(tx, tenantId, [deviceId]));
    const ok = viewable.has(types.get(deviceId) ?? '');
    if (allowed.size > 10_000) allowed.clear();
    allowed.set(deviceId, ok);
    return ok;
  };
  const unsubscribe = platform.iot.events.subscribe(tenantId, (e) => {
    if (everything) {
      write(e);
      return;
    }
    // Ordered per stream: a lookup for one device does not let a later event overtake it.
    chain = chain
      .then(async () => {
        if (await may(e.deviceId)) write(e);
      })
      .catch(() => undefined);
  });
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let release = (): void => undefined;
  const end = (reason?: StreamEndReason) => {
    clearInterval(heartbeat);
    unsubscribe();
    release();
    open.delete(end);
    if (res.writableEnded) return;
    if (reason) res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    res.end();
  };
  open.add(end);
  req.raw.on('close', () => end());
  res.on('error', () => end());
  release = await holdWhileAdmitted({
    platform,
    token,
    user: ctx.user,
    tenantId,
    admittedAt,
    // Any change in the device types the user may view ends the stream: it reopens with the new set.
    allows: (permissions) => {
      const now = viewableTypes(permissions);
      return now.size === viewable.size && [...now].every((k) => viewable.has(k));
    },
    end,
  });
  // The client may have gone while the hold was set up.
  if (!open.has(end)) release();
};
