import {
  avatarQuery,
  captchaCodeResponse,
  captchaKeyParam,
  changePasswordRequest,
  clientTokenResponse,
  logoutRequest,
  publicKeyResponse,
  realNameQuery,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  selfResponse,
  selfTenantsPage,
  selfTenantsQuery,
  sendPhoneCaptchaQuery,
  sendPhoneCaptchaResponse,
  successResponse,
  tenantIdQuery,
  tenantSummary,
  tokenRequest,
  tokenResponse,
  userParamsQuery,
  userParamsResponse,
} from '@tilth/contracts';
import { z } from 'zod';
import { bearer, sessionIdOf } from '../../../platform/auth/tokens.js';
import { CommonErrors } from '../../../platform/errors.js';
import { clientAddress, perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ClientCredentialsGrant } from '../application/index.js';
import { AuthService } from './auth.service.js';
import { registerMemberRoutes } from './member.routes.js';
import { UserService } from './user.service.js';

export const registerIdentityRoutes = (app: App, platform: Platform): void => {
  const auth = new AuthService(platform.keys, platform.config, platform.sms);
  const users = new UserService(platform.database, auth);
  const clients = new ClientCredentialsGrant(platform);
  registerMemberRoutes(app, platform, auth);
  // Per-client-address limits on the public routes an attacker would pump (ADR 0008, README settings).
  const limits = platform.config.rateLimits;
  const signInLimit = perClientLimit(limits.signIn, {
    // After the body is parsed, so that refresh grants (every signed-in console, often behind one NAT
    // address) are not counted; only password grants are.
    hook: 'preHandler',
    allowList: (req) => (req.body as { grant_type?: unknown } | undefined)?.grant_type === 'refresh_token',
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/oauth/public/key',
    access: 'public',
    summary: 'RSA public key (SPKI PEM) that encrypts the login password with RSA-OAEP SHA-256',
    schema: { response: { 200: publicKeyResponse } },
    handler: async (ctx) => auth.publicKey(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/oauth/oauth/token',
    access: 'public',
    summary:
      'Password grant (sign in), refresh_token grant (rotate tokens) or client_credentials grant (an application)',
    schema: { body: tokenRequest, response: { 200: z.union([tokenResponse, clientTokenResponse]) } },
    rateLimit: signInLimit,
    handler: async (ctx, req) => {
      // An application's allow-list is checked against its full address (req.ip), not the throttling key.
      if (req.body.grant_type === 'client_credentials') return clients.issue(ctx, req.body, req.ip);
      return req.body.grant_type === 'refresh_token'
        ? auth.refreshGrant(ctx, req.body.refresh_token)
        : auth.passwordGrant(ctx, req.body, clientAddress(req));
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/oauth/token/logout',
    access: 'public',
    summary: 'Revoke the session of the given access token; its tokens then get 401',
    schema: { body: logoutRequest.optional(), response: { 200: successResponse } },
    handler: async (ctx, req) => {
      const token = req.body?.access_token ?? bearer(req.headers.authorization);
      await auth.logout(ctx, token ? await sessionIdOf(platform.keys, token) : undefined);
      return { success: true };
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/oauth/login/user-params',
    access: 'public',
    summary: 'Whether this username must solve a captcha (after 3 failed sign-ins)',
    schema: { querystring: userParamsQuery, response: { 200: userParamsResponse } },
    handler: async (ctx, req) => ({ isNeedCaptcha: await auth.isNeedCaptcha(ctx, req.query.username) }),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/oauth/public/captcha-code',
    access: 'public',
    summary: 'A new captcha key',
    schema: { response: { 200: captchaCodeResponse } },
    rateLimit: perClientLimit(limits.captcha),
    handler: async (ctx) => auth.newCaptcha(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/oauth/public/captcha/:captchaKey',
    access: 'public',
    summary: 'The captcha image (PNG) for a key; each fetch draws a new code',
    schema: { params: captchaKeyParam },
    rateLimit: perClientLimit(limits.captcha),
    handler: async (ctx, req, reply) => {
      const png = await auth.captchaImage(ctx, req.params.captchaKey);
      if (!png) throw CommonErrors.notFound();
      return reply.header('cache-control', 'no-store').type('image/png').send(png);
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/oauth/public/send-phone-captcha-always',
    access: 'public',
    summary: 'Send an SMS verification code (registration, password reset); one per phone per 60 s',
    schema: { querystring: sendPhoneCaptchaQuery, response: { 200: sendPhoneCaptchaResponse } },
    rateLimit: perClientLimit(limits.sms),
    handler: async (ctx, req) => auth.sendPhoneCode(ctx, req.query.phone),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/oauth/public/password/reset',
    access: 'public',
    summary: 'Forgot password: SMS code + new password; revokes every session of the account',
    schema: { body: resetPasswordRequest, response: { 200: successResponse } },
    rateLimit: perClientLimit(limits.account),
    handler: async (ctx, req) => {
      await auth.resetPassword(ctx, req.body);
      return { success: true };
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/tenant/register',
    access: 'public',
    summary: 'Register an enterprise (tenant) and its first user as tenant administrator',
    schema: { body: registerRequest, response: { 200: registerResponse } },
    rateLimit: perClientLimit(limits.account),
    handler: async (ctx, req) => users.register(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/users/self',
    access: 'authenticated',
    summary: 'The signed-in user, current tenant (-1 when none) and tenants',
    schema: { response: { 200: selfResponse } },
    handler: async (ctx) => users.self(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/users/self-tenants',
    access: 'authenticated',
    summary: 'All tenants the user belongs to',
    schema: { response: { 200: z.array(tenantSummary) } },
    handler: async (ctx) => (await users.selfTenants(ctx, { page: 0, size: 0 })).content,
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/users/self-tenants/page',
    access: 'authenticated',
    summary: 'Tenants the user belongs to, paged, filtered by name',
    schema: { querystring: selfTenantsQuery, response: { 200: selfTenantsPage } },
    handler: async (ctx, req) => users.selfTenants(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/stong/v1/users/default-tenant',
    access: 'authenticated',
    summary: 'Mark one of the user’s tenants as default',
    schema: { querystring: tenantIdQuery, response: { 200: selfResponse } },
    handler: async (ctx, req) => users.setDefaultTenant(ctx, req.query.tenantId),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/v1/users/tenant-id',
    access: 'authenticated',
    summary: 'Switch the current tenant',
    schema: { querystring: tenantIdQuery, response: { 200: selfResponse } },
    handler: async (ctx, req) => users.switchTenant(ctx, req.query.tenantId),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/stong/v1/users/real-name',
    access: 'authenticated',
    summary: 'Change the display name',
    schema: { querystring: realNameQuery, response: { 200: selfResponse } },
    handler: async (ctx, req) => users.setRealName(ctx, req.query.realName),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/stong/v1/users/password',
    access: 'authenticated',
    summary: 'Change the password (6–20, two kinds); ends every session',
    schema: { body: changePasswordRequest, response: { 200: successResponse } },
    handler: async (ctx, req) => users.changePassword(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/stong/v1/users/avatar',
    access: 'authenticated',
    summary: 'Set the avatar to an uploaded file address',
    schema: { querystring: avatarQuery, response: { 200: selfResponse } },
    handler: async (ctx, req) => users.setAvatar(ctx, req.query.avatar),
  });
};
