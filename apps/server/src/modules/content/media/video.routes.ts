import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  mediaDeleteQuery,
  promoVideo,
  promoVideoListQuery,
  promoVideoPage,
  promoVideoUpdateBody,
  VIDEO_MAX_BYTES,
  videoAssetParam,
  videoIdParam,
  videoLimits,
} from '@tilth/contracts/media.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendRanged } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { MEDIA_ACCESS } from './media.access.js';
import { MediaErrors } from './media.errors.js';
import { videoRunnerOf } from './video.jobs.js';
import { VideoService } from './video.service.js';

// Promo videos (issue 19 item 4): upload (checked by ffprobe), poll while the poster is made, play with
// byte ranges, rename, delete.

const P = '/wfpf/v1/:tenantId/content/videos';

export const registerVideoRoutes = (app: App, platform: Platform): void => {
  const svc = new VideoService(platform.storage, platform.config.scratchDir);

  addRoute(app, platform, {
    method: 'GET',
    url: P,
    access: MEDIA_ACCESS.videos,
    summary: 'Promo videos, newest first (page, size, videoName contains, status)',
    schema: { params: tenantParam, querystring: promoVideoListQuery, response: { 200: promoVideoPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/limits`,
    access: MEDIA_ACCESS.videos,
    summary: 'The upload bounds: 30 MB, 60 s (30 s suggested), 16:9 or 1:1, MP4 or WebM',
    schema: { params: tenantParam, response: { 200: videoLimits } },
    handler: async (ctx) => svc.limits(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/:videoId`,
    access: MEDIA_ACCESS.videos,
    summary: 'One promo video; poll it while status is processing (progress 0–100)',
    schema: { params: videoIdParam, response: { 200: promoVideo } },
    noTransaction: true,
    handler: (ctx, req) => svc.get(ctx, req.params.videoId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/multipart`,
    access: MEDIA_ACCESS.uploadVideo,
    summary:
      'Uploads one MP4 or WebM (multipart, one file part; ≤ 30 MB, ≤ 60 s, 16:9 or 1:1 within 1 %, checked by ffprobe); 202 with the video, its poster made in the background',
    schema: { params: tenantParam, consumes: ['multipart/form-data'], response: { 202: promoVideo } },
    noTransaction: true,
    handler: async (ctx, req, reply) => {
      if (!req.isMultipart()) throw MediaErrors.notMultipart();
      const part = await req
        .file({ limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 1 }, throwFileSizeLimit: false })
        .catch((err: unknown) => {
          if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
          throw MediaErrors.notMultipart();
        });
      if (!part) throw MediaErrors.noFile();
      const made = await svc
        .upload(ctx, { stream: part.file, fileName: part.filename })
        .catch((err: unknown) => {
          // The rest of a refused body is read off so the answer can be sent.
          part.file.resume();
          throw err;
        });
      // Committed by now: the runner's own transaction sees the row.
      void videoRunnerOf(platform).kick(ctx.tenantId ?? undefined);
      reply.code(202);
      return made;
    },
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: P,
    access: MEDIA_ACCESS.editVideo,
    summary: 'Renames a promo video or sets its description (objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: promoVideoUpdateBody, response: { 200: promoVideo } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${P}/:videoId`,
    access: MEDIA_ACCESS.deleteVideo,
    summary: 'Deletes a promo video and its files; 409 naming the seed and traced products that show it',
    schema: { params: videoIdParam, querystring: mediaDeleteQuery, response: { 200: okResult } },
    noTransaction: true,
    handler: (ctx, req) => svc.remove(ctx, req.params.videoId, req.query.objectVersionNumber),
  });
  for (const which of ['video', 'poster'] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${P}/:videoId/:assetKey/${which === 'video' ? 'video' : 'poster.jpg'}`,
      access: MEDIA_ACCESS.videos,
      summary:
        which === 'video'
          ? 'The video file; one byte range per request (206) so players can seek'
          : 'The poster frame (JPEG), once status is ready',
      schema: { params: videoAssetParam },
      noTransaction: true,
      serves: 'file',
      handler: async (ctx, req, reply) =>
        sendRanged(req, reply, await svc.file(ctx, req.params.videoId, req.params.assetKey, which), {
          cacheScope: 'private',
          immutable: true,
        }),
    });
  }
};
