import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommonErrors } from '../errors.js';
import { langFromHeader } from '../i18n/lang.js';
import type { Platform } from '../platform.js';
import { errorHandler } from './error-handler.js';
import { type Health, registerHealth } from './health.js';
import { registerRateLimits } from './rate-limit.js';
import type { App } from './route.js';
import { registerSecurityHeaders } from './security-headers.js';
import { responseSerializer } from './serializer.js';
import { guardStoredBytes } from './serve-file.js';

export interface RouteRecord {
  method: string;
  url: string;
  options: RouteOptions;
}

export interface BuiltApp {
  app: App;
  /** Every route registered, for the route-inventory and security suites. */
  routes: RouteRecord[];
  /** GET /health's state: close() sets draining first, so the load balancer stops sending requests. */
  health: Health;
}

/**
 * The HTTP app with everything generic (security headers, rate limits, parsers, documentation, the console
 * and its fallback); `registerRoutes` adds the modules' routes (the composition root's list).
 */
export const buildApp = async (
  platform: Platform,
  logger: FastifyServerOptions['logger'],
  registerRoutes: (app: App) => Promise<void> | void,
): Promise<BuiltApp> => {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestTimeout: 30_000,
    trustProxy: platform.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Compiled from the contract where it is plain data, zod's otherwise (serializer.ts).
  app.setSerializerCompiler(responseSerializer);
  app.setErrorHandler(errorHandler);
  // Stored bytes leave only through sendStoredFile (ADR 0007).
  app.addHook('onSend', guardStoredBytes);

  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const m of methods) routes.push({ method: m, url: options.url, options: options as RouteOptions });
  });

  // First, so that every answer below carries them: API, documentation, the console and its fallback.
  await registerSecurityHeaders(app, platform.config);
  await registerRateLimits(app, platform.database, platform.config.rateLimitStore);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: platform.config.uploadLimitBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tilth API', version: '0.1.0', description: 'Multi-tenant smart-farm console API' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Documentation and the built console are public by declaration of this scope.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: 'public' };
    });
    await scope.register(swaggerUi, { routePrefix: '/api-docs' });
    if (existsSync(platform.config.webDist)) {
      // Wildcard serving picks up a rebuilt console without a restart; misses fall through to the handler below.
      await scope.register(fastifyStatic, {
        root: platform.config.webDist,
        wildcard: true,
        index: 'index.html',
        // The build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Hashed file names never change content: cache them for good; everything else revalidates.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
  });

  const health: Health = { draining: false };
  registerHealth(app, platform, health);
  await registerRoutes(app);

  const indexHtml = path.join(platform.config.webDist, 'index.html');
  app.setNotFoundHandler(async (req, reply) => {
    const apiPrefixes = ['/oauth', '/iam', '/hmsg', '/hfle', '/wfpf', '/wfpe', '/api-docs'];
    const isApi = apiPrefixes.some((p) => req.url.startsWith(p));
    const isAsset = /\.[a-z0-9]{1,6}(\?|$)/i.test(req.url);
    // Client-side routes of the console (deep links, reloads) fall back to its index page.
    if (!isApi && !isAsset && (req.method === 'GET' || req.method === 'HEAD') && existsSync(indexHtml)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(indexHtml));
    }
    const err = CommonErrors.routeNotFound();
    return reply.status(404).send({
      failed: true,
      code: err.code,
      message: err.messageIn(langFromHeader(req.headers['accept-language'])),
    });
  });
  return { app, routes, health };
};
