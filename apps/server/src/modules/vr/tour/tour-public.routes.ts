import { imageQuery } from '@tilth/contracts/file.types';
import {
  hotspotState,
  publicVr,
  publicVrFileParam,
  publicVrHotspotParam,
  publicVrPanoramaParam,
  publicVrTileParam,
  publicVrTokenParam,
} from '@tilth/contracts/vr.types';
import type { FastifyReply } from 'fastify';
import { perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { FileService } from '../../messaging/file/index.js';
import type { PanoramaAsset } from '../panorama/index.js';
import { TourPublicService } from './tour-public.service.js';

const PUBLIC = '/wfpf/v1/public/:tenantId/vr/:token';

// Per client address (ADR 0008's limits for public routes): a visitor loads the tour once, a few hundred
// tiles while turning around, and polls a device popup every few seconds.
const LIMITS = {
  tour: perClientLimit({ max: 120, windowSeconds: 60 }),
  asset: perClientLimit({ max: 1500, windowSeconds: 60 }),
  file: perClientLimit({ max: 300, windowSeconds: 60 }),
  state: perClientLimit({ max: 240, windowSeconds: 60 }),
};

/** The published tour's read-only link: no sign-in, only what the tour shows, anything else 404. */
export const registerTourPublicRoutes = (app: App, platform: Platform): void => {
  const pub = new TourPublicService(platform, new FileService(platform.storage, platform.config));

  addRoute(app, platform, {
    method: 'GET',
    url: PUBLIC,
    access: 'public',
    summary:
      'A published VR tour for its public page (no sign-in; names, views, hotspots, public image URLs)',
    schema: { params: publicVrTokenParam, response: { 200: publicVr } },
    rateLimit: LIMITS.tour,
    noTransaction: true,
    handler: (ctx, req) => pub.view(ctx, req.params.token),
  });

  const sendAsset = async (
    reply: FastifyReply,
    body: { body: NodeJS.ReadableStream; size?: number },
    fileName: string,
  ) =>
    sendStoredFile(reply, {
      body: body.body as never,
      contentType: 'image/jpeg',
      fileName,
      ...(body.size !== undefined ? { size: body.size } : {}),
      cacheScope: 'public',
    });

  for (const [which, asset] of [
    ['preview.jpg', 'preview'],
    ['thumb.jpg', 'thumb'],
  ] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${PUBLIC}/panorama/:panoramaId/:assetKey/${which}`,
      access: 'public',
      summary: `The ${asset} of a panorama the published tour shows (no sign-in; else 404)`,
      schema: { params: publicVrPanoramaParam },
      rateLimit: LIMITS.asset,
      noTransaction: true,
      serves: 'file',
      handler: async (ctx, req, reply) => {
        const p = req.params;
        const out = await pub.asset(ctx, p.token, p.panoramaId, p.assetKey, asset);
        return sendAsset(reply, out, which);
      },
    });
  }

  addRoute(app, platform, {
    method: 'GET',
    url: `${PUBLIC}/panorama/:panoramaId/:assetKey/tiles/:level/:tile`,
    access: 'public',
    summary: 'A tile of a panorama the published tour shows ({col}_{row}.jpg; no sign-in; else 404)',
    schema: { params: publicVrTileParam },
    rateLimit: LIMITS.asset,
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const p = req.params;
      const [col, row] = p.tile.replace('.jpg', '').split('_').map(Number);
      const asset: PanoramaAsset = { level: p.level, col: col ?? 0, row: row ?? 0 };
      const out = await pub.asset(ctx, p.token, p.panoramaId, p.assetKey, asset);
      return sendAsset(reply, out, p.tile);
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${PUBLIC}/image/:fileId`,
    access: 'public',
    summary: 'A picture the published tour shows (album, logo), resized (no sign-in; any other file 404)',
    schema: { params: publicVrFileParam, querystring: imageQuery },
    rateLimit: LIMITS.file,
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const img = await pub.file(ctx, req.params.token, req.params.fileId, req.query);
      reply.header('x-cache', img.cache);
      return sendStoredFile(reply, { ...img, cacheScope: 'public' });
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${PUBLIC}/hotspot/:scenesId/:name`,
    access: 'public',
    summary: "A device hotspot's read-only state in a published tour (name, type, online, latest values)",
    schema: { params: publicVrHotspotParam, response: { 200: hotspotState } },
    rateLimit: LIMITS.state,
    noTransaction: true,
    handler: (ctx, req) => pub.hotspotState(ctx, req.params.token, req.params.scenesId, req.params.name),
  });
};
