import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  banner,
  bannerCreateBody,
  bannerIdParam,
  bannerListQuery,
  bannerOrderBody,
  bannerPage,
  bannerUpdateBody,
  publicBannerImageParam,
  publicBannerList,
  publicBannerQuery,
} from '@tilth/contracts/media.types';
import { z } from 'zod';
import { perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { BannerService } from './banner.service.js';
import { MEDIA_ACCESS } from './media.access.js';

// Banners (issue 19 item 4) and their signed-out call for the login page, the farm home and the news page.

const P = '/wfpf/v1/:tenantId/content/banners';
const PUBLIC = '/wfpf/v1/public/:tenantId/banners';

// Per client address: a sign-in page loads the list once and a handful of pictures.
const LIMITS = {
  list: perClientLimit({ max: 120, windowSeconds: 60 }),
  image: perClientLimit({ max: 300, windowSeconds: 60 }),
};

export const registerBannerRoutes = (app: App, platform: Platform): void => {
  const svc = new BannerService(platform.storage, platform.config);

  addRoute(app, platform, {
    method: 'GET',
    url: P,
    access: MEDIA_ACCESS.banners,
    summary:
      'Banners by placement and order (page, size, placement), each with live: enabled and in its window',
    schema: { params: tenantParam, querystring: bannerListQuery, response: { 200: bannerPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: P,
    access: MEDIA_ACCESS.editBanners,
    summary:
      'Adds a banner: a library picture, title, link (http(s) or an in-app path), placement, optional startAt / endAt; last in its placement',
    schema: { params: tenantParam, body: bannerCreateBody, response: { 200: banner } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: P,
    access: MEDIA_ACCESS.editBanners,
    summary: 'Edits a banner (objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: bannerUpdateBody, response: { 200: banner } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${P}/order`,
    access: MEDIA_ACCESS.editBanners,
    summary: "Reorders a placement's banners: bannerIds lists every one of them once, first shown first",
    schema: { params: tenantParam, body: bannerOrderBody, response: { 200: z.array(banner) } },
    handler: (ctx, req) => svc.order(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${P}/:bannerId`,
    access: MEDIA_ACCESS.editBanners,
    summary: 'Deletes a banner (its picture stays in the library)',
    schema: { params: bannerIdParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.remove(ctx, req.params.bannerId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: PUBLIC,
    access: 'public',
    summary:
      'Live banners of a placement (login, home, news): enabled and inside their window, in order, at most 10 (no sign-in)',
    schema: { params: tenantParam, querystring: publicBannerQuery, response: { 200: publicBannerList } },
    rateLimit: LIMITS.list,
    handler: (ctx, req) => svc.live(ctx, req.query.placement),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${PUBLIC}/:bannerId/image`,
    access: 'public',
    summary: "A live banner's picture, fitted in 1600×1600 (no sign-in; any other banner 404)",
    schema: { params: publicBannerImageParam },
    rateLimit: LIMITS.image,
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const img = await svc.liveImage(ctx, req.params.bannerId);
      reply.header('x-cache', img.cache);
      return sendStoredFile(reply, { ...img, cacheScope: 'public' });
    },
  });
};
