import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  panorama,
  panoramaDeleteQuery,
  panoramaIdParam,
  panoramaLimits,
  panoramaListQuery,
  panoramaPage,
  panoramaUpdateBody,
  panoramaUploadAnswer,
} from '@tilth/contracts/panorama.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { PANORAMA_ACCESS } from './panorama.access.js';
import { PanoramaErrors } from './panorama.errors.js';
import { panoramaRunnerOf } from './panorama.jobs.js';
import type { PanoramaAsset } from './panorama.refs.js';
import { PanoramaService } from './panorama.service.js';

// The panorama library (issue 17 item 1; spec 03 §7). There is no POST /panorama: the multipart upload
// registers the panorama (docs/vr.md).

const P = '/wfpf/v1/:tenantId/panorama';
const assetParam = panoramaIdParam.extend({ assetKey: z.uuid() });
const tileParam = assetParam.extend({
  level: z.coerce.number().int().min(0).max(8),
  tile: z.string().regex(/^\d{1,3}_\d{1,3}\.jpg$/),
});

export const registerPanoramaRoutes = (app: App, platform: Platform): void => {
  const svc = new PanoramaService(platform);

  addRoute(app, platform, {
    method: 'GET',
    url: P,
    access: PANORAMA_ACCESS.list,
    summary:
      'Panoramas, newest first (page, size 10, enabledFlag, panoramaName contains, status), with sceneCount',
    schema: { params: tenantParam, querystring: panoramaListQuery, response: { 200: panoramaPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/limits`,
    access: PANORAMA_ACCESS.list,
    summary: 'The upload bounds: minBytes (7 MB), maxBytes (TILTH_PANORAMA_MAX_MB), maxMegapixels',
    schema: { params: tenantParam, response: { 200: panoramaLimits } },
    handler: async (ctx) => svc.limits(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/:panoramaId`,
    access: PANORAMA_ACCESS.view,
    summary: 'One panorama; poll it while status is processing (progress 0–100)',
    schema: { params: panoramaIdParam, response: { 200: panorama } },
    noTransaction: true,
    handler: (ctx, req) => svc.get(ctx, req.params.panoramaId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/multipart`,
    access: PANORAMA_ACCESS.upload,
    summary:
      'Uploads one equirectangular JPG or PNG (multipart, one file part; 2:1, 7 MB to the maximum, pixel bound); 202 with the panorama, tiled in the background',
    schema: {
      params: tenantParam,
      consumes: ['multipart/form-data'],
      response: { 202: panoramaUploadAnswer },
    },
    noTransaction: true,
    handler: async (ctx, req, reply) => {
      if (!req.isMultipart()) throw PanoramaErrors.notMultipart();
      const part = await req
        // One byte over the bound: the receiver sees it and refuses at once (the parser truncates there).
        .file({ limits: { fileSize: platform.config.panoramaMaxBytes + 1, files: 1 } })
        .catch((err: unknown) => {
          if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
          throw PanoramaErrors.notMultipart();
        });
      if (!part) throw PanoramaErrors.noFile();
      const made = await svc.upload(ctx, { stream: part.file, fileName: part.filename });
      // Committed by now: the runner's own transaction sees the row.
      void panoramaRunnerOf(platform).kick(ctx.tenantId ?? undefined);
      reply.code(202);
      return made;
    },
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: P,
    access: PANORAMA_ACCESS.edit,
    summary: 'Renames, enables or disables a panorama (objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: panoramaUpdateBody, response: { 200: panorama } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${P}/:panoramaId`,
    access: PANORAMA_ACCESS.delete,
    summary: 'Deletes a panorama and its images; 409 naming the scenes and tours while any scene shows it',
    schema: { params: panoramaIdParam, querystring: panoramaDeleteQuery, response: { 200: okResult } },
    noTransaction: true,
    handler: (ctx, req) => svc.remove(ctx, req.params.panoramaId, req.query.objectVersionNumber),
  });

  const image = (
    url: string,
    summary: string,
    params: typeof assetParam | typeof tileParam,
    pick: (p: Record<string, unknown>) => PanoramaAsset,
  ) =>
    addRoute(app, platform, {
      method: 'GET',
      url: `${P}/:panoramaId/:assetKey/${url}`,
      access: PANORAMA_ACCESS.images,
      summary,
      schema: { params },
      noTransaction: true,
      serves: 'file',
      handler: async (ctx, req, reply) => {
        const p = req.params as Record<string, unknown> & { panoramaId: number; assetKey: string };
        const asset = pick(p);
        const body = await svc.asset(ctx, p.panoramaId, p.assetKey, asset);
        const fileName = typeof asset === 'string' ? `${asset}.jpg` : `${asset.col}_${asset.row}.jpg`;
        // The assetKey changes with every upload, so the bytes of a URL never change.
        return sendStoredFile(reply, { body, contentType: 'image/jpeg', fileName, immutable: true });
      },
    });
  image('preview.jpg', 'The 2048×1024 equirectangular preview', assetParam, () => 'preview');
  image('thumb.jpg', 'The 400×200 thumbnail', assetParam, () => 'thumb');
  image(
    'tiles/:level/:tile',
    'One 512×512 tile of the pyramid: tiles/{level}/{col}_{row}.jpg',
    tileParam,
    (p) => {
      const [col, row] = String(p.tile).replace('.jpg', '').split('_').map(Number) as [number, number];
      return { level: Number(p.level), col, row };
    },
  );
};
