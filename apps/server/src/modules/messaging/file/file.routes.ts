import {
  fileDeleteResponse,
  fileIdParam,
  fileList,
  fileListQuery,
  fileView,
  imageQuery,
  tenantParam,
  uploadQuery,
} from '@tilth/contracts';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { FileErrors } from './file.errors.js';
import { FileService } from './file.service.js';

export const registerFileRoutes = (app: App, platform: Platform): void => {
  const svc = new FileService(platform.storage, platform.config);

  addRoute(app, platform, {
    method: 'POST',
    url: '/hfle/v1/:tenantId/files/multipart',
    access: 'authenticated',
    summary:
      'Upload one file (multipart field "file"; bucketName, fileName, attachmentUuid as fields or query)',
    schema: {
      params: tenantParam,
      querystring: uploadQuery,
      consumes: ['multipart/form-data'],
      response: { 200: fileView },
    },
    noTransaction: true,
    handler: async (ctx, req) => {
      if (!req.isMultipart()) throw FileErrors.notMultipart();
      const part = await req
        .file({ limits: { fileSize: platform.config.uploadLimitBytes } })
        .catch((err: unknown) => {
          // The plugin's own errors carry a 4xx status; a garbled body from the parser does not.
          if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
          throw FileErrors.malformed();
        });
      if (!part) throw FileErrors.noFile();
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(part.fields)) {
        const v = Array.isArray(value) ? value[0] : value;
        if (v?.type === 'field' && typeof v.value === 'string' && v.value !== '') fields[name] = v.value;
      }
      return svc.upload(ctx, {
        stream: part.file,
        partFileName: part.filename,
        options: { ...req.query, ...fields },
      });
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/hfle/v1/:tenantId/files/:id/file',
    access: 'authenticated',
    summary: 'Download a file of this tenant or of the platform',
    schema: { params: fileIdParam },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const { file, body } = await svc.open(ctx, req.params.id);
      return sendStoredFile(reply, {
        body,
        contentType: file.contentType,
        fileName: file.fileName,
        size: file.fileSize,
      });
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/hfle/v1/:tenantId/files/:id/image',
    access: 'authenticated',
    summary:
      'A resized image: width and height 1-4096 (default 400), each made at its bucket (64, 128, 256, 400, 800, 1600); flag 0 fit inside, 1 cover and crop; an SVG comes back as a PNG',
    schema: { params: fileIdParam, querystring: imageQuery },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const img = await svc.image(ctx, req.params.id, req.query);
      reply.header('x-cache', img.cache);
      return sendStoredFile(reply, { ...img, cacheScope: 'private' });
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/hfle/v1/:tenantId/files',
    access: 'authenticated',
    summary: 'Files by attachmentUuid (the tenant’s and the platform’s)',
    schema: { params: tenantParam, querystring: fileListQuery, response: { 200: fileList } },
    handler: async (ctx, req) => svc.list(ctx, req.query.attachmentUuid),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/hfle/v1/:tenantId/files/:id',
    access: 'authenticated',
    summary: 'Delete a file (its uploader or an announcement manager)',
    schema: { params: fileIdParam, response: { 200: fileDeleteResponse } },
    noTransaction: true,
    handler: async (ctx, req) => svc.remove(ctx, req.params.id),
  });
};
