import { tenantParam } from '@tilth/contracts/common.types';
import { familyIdParam } from '@tilth/contracts/device-family.types';
import type { HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Access } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';

// The family screens' calls come in two shapes: a POST whose JSON body names the device
// (`{ id, … }`), and a call on `…/:id/…`. These helpers register either from its url, access, summary,
// schemas and the service call, so each route states only what differs.

interface Base {
  url: string;
  access: Access;
  summary: string;
}

export interface BodyRoute<B extends z.ZodType> extends Base {
  /** POST unless said. */
  method?: HTTPMethods;
  body: B;
  response: z.ZodType;
  call: (ctx: Ctx, body: z.output<B>) => Promise<unknown>;
}

export interface IdRoute extends Base {
  method: HTTPMethods;
  response: z.ZodType;
  call: (ctx: Ctx, id: number) => Promise<unknown>;
}

/** An `…/:id/…` call that also takes a querystring (GET) or a body (POST). */
export interface IdInputRoute<I extends z.ZodType> extends Base {
  method: HTTPMethods;
  input: { querystring: I } | { body: I };
  response: z.ZodType;
  call: (ctx: Ctx, id: number, input: z.output<I>) => Promise<unknown>;
}

export const familyRoutes = (app: App, platform: Platform) => ({
  /** A call with a JSON body on the tenant path; the call gets the validated body. */
  body: <B extends z.ZodType>(r: BodyRoute<B>): void =>
    addRoute(app, platform, {
      method: r.method ?? 'POST',
      url: r.url,
      access: r.access,
      summary: r.summary,
      schema: { params: tenantParam, body: r.body, response: { 200: r.response } },
      // Fastify validated the body against r.body, so it is that schema's output.
      handler: (ctx, req) => r.call(ctx, req.body as z.output<B>),
    }),

  /** A call on one row by `:id`, without other input. */
  id: (r: IdRoute): void =>
    addRoute(app, platform, {
      method: r.method,
      url: r.url,
      access: r.access,
      summary: r.summary,
      schema: { params: familyIdParam, response: { 200: r.response } },
      handler: (ctx, req) => r.call(ctx, req.params.id),
    }),

  /** A call on one row by `:id` with a querystring or a body. */
  idWith: <I extends z.ZodType>(r: IdInputRoute<I>): void =>
    addRoute(app, platform, {
      method: r.method,
      url: r.url,
      access: r.access,
      summary: r.summary,
      schema: { params: familyIdParam, ...r.input, response: { 200: r.response } },
      handler: (ctx, req) => {
        const input = 'body' in r.input ? req.body : req.query;
        return r.call(ctx, req.params.id, input as z.output<I>);
      },
    }),
});
