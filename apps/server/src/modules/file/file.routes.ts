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
import type { FastifyReply } from 'fastify';
import { type App, addRoute } from '../../platform/http/route.js';
import type { Platform } from '../../platform/platform.js';
import { FileErrors } from './file.errors.js';
import { FileService } from './file.service.js';

/** RFC 6266 / RFC 5987: an ASCII fallback name and the exact UTF-8 name. */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string): string => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

const INLINE = /^(?:image\/|video\/|application\/pdf$|text\/)/;

/** Headers every served file carries; SVG may hold script, so it is sandboxed when opened directly. */
const fileHeaders = (reply: FastifyReply, contentType: string, fileName: string): FastifyReply => {
  reply
    .type(contentType)
    .header(
      'content-disposition',
      contentDisposition(INLINE.test(contentType) ? 'inline' : 'attachment', fileName),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600');
  if (contentType === 'image/svg+xml') {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }
  return reply;
};

export const registerFileRoutes = (app: App, platform: Platform): void => {
  const svc = new FileService(platform.storage, platform.config.uploadLimitBytes);

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
    handler: async (ctx, req, reply) => {
      const { file, body } = await svc.open(ctx, req.params.id);
      return fileHeaders(reply, file.contentType, file.fileName)
        .header('content-length', String(file.fileSize))
        .send(body);
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/hfle/v1/:tenantId/files/:id/image',
    access: 'authenticated',
    summary: 'A resized image: width and height 1-4096 (default 400), flag 0 fit inside, 1 cover and crop',
    schema: { params: fileIdParam, querystring: imageQuery },
    noTransaction: true,
    handler: async (ctx, req, reply) => {
      const img = await svc.image(ctx, req.params.id, req.query);
      return fileHeaders(reply, img.contentType, img.fileName).header('x-cache', img.cache).send(img.body);
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
