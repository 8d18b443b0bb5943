import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type EmqxAuthnBody,
  type EmqxAuthnResult,
  type EmqxAuthzBody,
  type EmqxAuthzResult,
  emqxAuthnBody,
  emqxAuthnResult,
  emqxAuthzBody,
  emqxAuthzResult,
} from '@tilth/contracts/emqx-hooks.types';
import { type App, addRoute } from '../http/route.js';
import type { Platform } from '../platform.js';
import { maySubscribe, publishKind } from './device-acl.js';
import { parseDeviceUsername } from './device-secret.js';
import { IotErrors } from './iot.errors.js';
import type { IotRuntime } from './iot.js';

/** Header EMQX sends with the shared secret (configured in its HTTP authenticator / authorizer). */
export const EMQX_SECRET_HEADER = 'x-tilth-hook-secret';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Refuses a call without the configured secret; 404 while the hooks are off. */
export const requireHookSecret = (configured: string | undefined, sent: unknown): void => {
  if (!configured) throw IotErrors.hooksOff();
  if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(configured))) {
    throw IotErrors.hookForbidden();
  }
};

/** A device login, checked like the embedded broker does; other usernames are left to EMQX's next source. */
export const emqxAuthn = async (iot: IotRuntime, b: EmqxAuthnBody): Promise<EmqxAuthnResult> => {
  if (!parseDeviceUsername(b.username)) return { result: 'ignore', is_superuser: false };
  const ok = await iot.deviceLogin(b.username, b.password, b.clientid);
  return { result: ok ? 'allow' : 'deny', is_superuser: false };
};

/** A device's own up / status / ack to publish, its own down to subscribe; nothing else. */
export const emqxAuthz = (b: EmqxAuthzBody): EmqxAuthzResult => {
  const addr = parseDeviceUsername(b.username);
  if (!addr) return { result: 'ignore' };
  const ok =
    b.action === 'publish'
      ? publishKind(addr, b.topic) !== undefined
      : b.action === 'subscribe' && maySubscribe(addr, b.topic);
  return { result: ok ? 'allow' : 'deny' };
};

/** POST /iot/emqx/authn and /iot/emqx/authz: EMQX's HTTP authentication and authorization sources. */
export const registerEmqxHookRoutes = (app: App, platform: Platform): void => {
  addRoute(app, platform, {
    method: 'POST',
    url: '/iot/emqx/authn',
    // Not a user's call: EMQX proves itself with the shared secret header (EMQX_HOOK_SECRET).
    access: 'public',
    summary: `EMQX HTTP authentication of a device (header ${EMQX_SECRET_HEADER}: EMQX_HOOK_SECRET)`,
    schema: { body: emqxAuthnBody, response: { 200: emqxAuthnResult } },
    handler: async (_ctx, req) => {
      requireHookSecret(platform.config.emqxHookSecret, req.headers[EMQX_SECRET_HEADER]);
      return emqxAuthn(platform.iot, req.body);
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/iot/emqx/authz',
    access: 'public',
    summary: `EMQX HTTP authorization of a device's publish / subscribe (header ${EMQX_SECRET_HEADER})`,
    schema: { body: emqxAuthzBody, response: { 200: emqxAuthzResult } },
    handler: async (_ctx, req) => {
      requireHookSecret(platform.config.emqxHookSecret, req.headers[EMQX_SECRET_HEADER]);
      return emqxAuthz(req.body);
    },
  });
};
