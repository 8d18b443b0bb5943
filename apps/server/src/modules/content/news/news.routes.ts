import { tenantParam } from '@tilth/contracts/common.types';
import { imageQuery } from '@tilth/contracts/file.types';
import {
  newsCategories,
  newsDetail,
  newsDetailParam,
  newsImageParam,
  newsList,
  newsListQuery,
  newsPage,
  newsPageParam,
} from '@tilth/contracts/news.types';
import { perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { FileService } from '../../messaging/file/index.js';
import { NEWS_ACCESS, NewsService } from './news.service.js';

const SIGNED_IN = '/wfpf/v1/:tenantId/agriculture/news';
const PUBLIC = '/wfpf/v1/public/:tenantId/news';

// Per client address (ADR 0008's limits for public routes): the page loads the categories once, four lists
// and a tab's pages as the visitor browses, and a detail per article opened.
const LIMITS = {
  list: perClientLimit({ max: 120, windowSeconds: 60 }),
  categories: perClientLimit({ max: 60, windowSeconds: 60 }),
  detail: perClientLimit({ max: 60, windowSeconds: 60 }),
  image: perClientLimit({ max: 600, windowSeconds: 60 }),
};

/** The news page's calls (spec 03 §7 "News"), signed in and signed out, and the generic page/{id}. */
export const registerNewsRoutes = (app: App, platform: Platform): void => {
  const news = new NewsService({ readerSecret: platform.keys.jwtSecret });
  const files = new FileService(platform.storage, platform.config);

  for (const [base, access, who] of [
    [SIGNED_IN, NEWS_ACCESS.view, 'signed in'],
    [PUBLIC, NEWS_ACCESS.public, 'no sign-in'],
  ] as const) {
    const pub = access === 'public';
    addRoute(app, platform, {
      method: 'GET',
      url: base,
      access,
      summary: `News list (${who}; spec 03 §7): valueType 3 carousel, 2 latest, 1 hot (reads of the last 7 days), 0 a category; page from 1; live items of the tenant only`,
      schema: { params: tenantParam, querystring: newsListQuery, response: { 200: newsList } },
      ...(pub ? { rateLimit: LIMITS.list } : {}),
      handler: (ctx, req) => news.list(ctx, access, req.query),
    });
    addRoute(app, platform, {
      method: 'GET',
      url: `${base}/categories`,
      access,
      summary: `News categories (${who}): the enabled category tree, in order`,
      schema: { params: tenantParam, response: { 200: newsCategories } },
      ...(pub ? { rateLimit: LIMITS.categories } : {}),
      handler: (ctx) => news.categories(ctx, access),
    });
    addRoute(app, platform, {
      method: 'GET',
      url: `${base}/:consultId`,
      access,
      summary: `A live news item with its body (${who}); counts one read per reader per day`,
      schema: { params: newsDetailParam, response: { 200: newsDetail } },
      ...(pub ? { rateLimit: LIMITS.detail } : {}),
      handler: (ctx, req) => news.detail(ctx, access, req.params.consultId),
    });
  }

  addRoute(app, platform, {
    method: 'GET',
    url: `${PUBLIC}/:consultId/image/:fileId`,
    access: NEWS_ACCESS.public,
    summary:
      'A picture a live news item shows (cover or body), resized (no sign-in; any other file 404; an SVG comes back as PNG)',
    schema: { params: newsImageParam, querystring: imageQuery },
    rateLimit: LIMITS.image,
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      await news.showsFile(ctx, req.params.consultId, req.params.fileId);
      const img = await files.publicImage(ctx, req.params.fileId.toLowerCase(), req.query);
      reply.header('x-cache', img.cache);
      return sendStoredFile(reply, { ...img, cacheScope: 'public' });
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${SIGNED_IN}/page/:id`,
    access: NEWS_ACCESS.page,
    summary: 'A published article as a generic page (page/{id} of each module): title, time, source, body',
    schema: { params: newsPageParam, response: { 200: newsPage } },
    handler: (ctx, req) => news.page(ctx, req.params.id),
  });
};
