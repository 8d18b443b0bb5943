import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { imageQuery } from '@tilth/contracts/file.types';
import {
  seedCreateBody,
  seedIdParam,
  seedPage,
  seedPageQuery,
  seedProduct,
  seedPublicDetail,
  seedPublicImageParam,
  seedPublicVideoParam,
  seedUpdateBody,
} from '@tilth/contracts/seed.types';
import { perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendRanged, sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { FileService } from '../../messaging/file/index.js';
import { SEED_ACCESS, SeedService } from './seed.service.js';

/** Seed products: spec 03 §7 'GET seed/page, GET/POST/PUT seed, DELETE seed/{id}' and the public page. */
export const registerSeedRoutes = (app: App, platform: Platform): void => {
  const seeds = new SeedService();
  const files = new FileService(platform.storage, platform.config);

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/seed/page',
    access: SEED_ACCESS.read,
    summary: 'Seed products (seedName, cropName: contains, any case; size=0: all), without their cards',
    schema: { params: tenantParam, querystring: seedPageQuery, response: { 200: seedPage } },
    handler: (ctx, req) => seeds.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/seed/public/:id',
    access: SEED_ACCESS.public,
    summary: 'Public seed product detail for the /seed page (no sign-in; enabled products only)',
    schema: { params: seedIdParam, response: { 200: seedPublicDetail } },
    handler: (ctx, req) => seeds.publicDetail(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/seed/public/:id/image/:fileId',
    access: SEED_ACCESS.public,
    summary:
      'An image of an enabled seed product for its public page (no sign-in): only files the product shows',
    schema: { params: seedPublicImageParam, querystring: imageQuery },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      await seeds.publicShowsFile(ctx, req.params.id, req.params.fileId);
      const img = await files.publicImage(ctx, req.params.fileId, req.query);
      reply.header('x-cache', img.cache);
      return sendStoredFile(reply, { ...img, cacheScope: 'public' });
    },
  });

  // A player asks for many ranges while seeking; the cap still stops a client from pulling the file in a loop.
  const videoLimit = perClientLimit({ max: 300, windowSeconds: 60 });
  for (const which of ['video', 'poster'] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `/wfpf/v1/:tenantId/seed/public/:id/video/:assetKey/${which === 'video' ? 'video' : 'poster.jpg'}`,
      access: SEED_ACCESS.public,
      summary:
        which === 'video'
          ? 'The promo video of an enabled seed product for its public page (no sign-in; byte ranges, 206)'
          : 'The poster (JPEG) of the promo video of an enabled seed product (no sign-in)',
      schema: { params: seedPublicVideoParam },
      noTransaction: true,
      serves: 'file',
      rateLimit: videoLimit,
      handler: async (ctx, req, reply) =>
        sendRanged(
          req,
          reply,
          await seeds.publicVideo(ctx, platform.storage, req.params.id, req.params.assetKey, which),
          { cacheScope: 'public', immutable: true },
        ),
    });
  }

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/seed/:id',
    access: SEED_ACCESS.read,
    summary: 'One seed product with its planting methods and attributes',
    schema: { params: seedIdParam, response: { 200: seedProduct } },
    handler: (ctx, req) => seeds.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/seed',
    access: SEED_ACCESS.create,
    summary: 'Adds a seed product (descriptions are HTML, sanitised)',
    schema: { params: tenantParam, body: seedCreateBody, response: { 200: seedProduct } },
    handler: (ctx, req) => seeds.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/seed',
    access: SEED_ACCESS.edit,
    summary: 'Edits a seed product (seedId and objectVersionNumber required; a list sent replaces the list)',
    schema: { params: tenantParam, body: seedUpdateBody, response: { 200: seedProduct } },
    handler: (ctx, req) => seeds.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/seed/:id',
    access: SEED_ACCESS.delete,
    summary: 'Deletes a seed product',
    schema: { params: seedIdParam, response: { 200: okResult } },
    handler: (ctx, req) => seeds.remove(ctx, req.params.id),
  });
};
