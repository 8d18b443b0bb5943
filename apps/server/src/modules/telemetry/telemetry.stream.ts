import type { DeviceStreamEvent } from '@tilth/contracts/device.types';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAccess, requireTenant } from '../../platform/http/access.js';
import type { Ctx } from '../../platform/http/context.js';
import type { Platform } from '../../platform/platform.js';
import { deviceTypesOf } from './telemetry.repository.js';
import { TELEMETRY_ACCESS } from './telemetry.service.js';

const HEARTBEAT_MS = 15_000;

/** Open streams, ended when the server closes (a hijacked reply would keep close() waiting). */
const open = new Set<() => void>();
export const endAllStreams = (): void => {
  for (const end of [...open]) end();
};

/**
 * Server-Sent Events of a tenant's devices: `event: <type>` + `data: <DeviceStreamEvent JSON>`, a
 * comment heartbeat every 15 s. A caller who may view only some device types gets only their events
 * (a device's type is looked up once per stream).
 */
export const streamDeviceEvents = async (
  ctx: Ctx,
  platform: Platform,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> => {
  requireTenant(ctx);
  requireAccess(ctx, TELEMETRY_ACCESS);
  const tenantId = ctx.tenantId;
  const viewable = new Set(
    DEVICE_TYPES.filter((t) => ctx.permissions.has(t.permissions.view)).map((t) => t.key),
  );
  const everything = viewable.size === DEVICE_TYPES.length;
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
    const types = await platform.database.withTenant(tenantId, (tx) =>
      deviceTypesOf(tx, tenantId, [deviceId]),
    );
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
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(end);
    if (!res.writableEnded) res.end();
  };
  open.add(end);
  req.raw.on('close', end);
  res.on('error', end);
};
