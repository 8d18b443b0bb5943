import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  folderIdParam,
  mediaDeleteQuery,
  PICTURE_MAX_BYTES,
  PICTURE_UPLOAD_FILES_MAX,
  type PictureUploadAnswer,
  picture,
  pictureFolder,
  pictureFolderCreateBody,
  pictureFolderList,
  pictureFolderUpdateBody,
  pictureIdParam,
  pictureLimits,
  pictureListQuery,
  picturePage,
  pictureUpdateBody,
  pictureUploadAnswer,
  pictureUploadQuery,
  pictureUsage,
} from '@tilth/contracts/media.types';
import { AppError } from '../../../platform/errors.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { MEDIA_ACCESS } from './media.access.js';
import { MediaErrors } from './media.errors.js';
import { PictureService } from './picture.service.js';

// The picture library's routes (issue 19 item 4): folders, pictures, multi-upload, usage, thumbnails.

const P = '/wfpf/v1/:tenantId/content';

export const registerPictureRoutes = (app: App, platform: Platform): void => {
  const svc = new PictureService(platform.storage);

  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/picture-folders`,
    access: MEDIA_ACCESS.pictures,
    summary: 'Every picture folder of the tenant (a flat list with parentId; the console builds the tree)',
    schema: { params: tenantParam, response: { 200: pictureFolderList } },
    handler: (ctx) => svc.folders(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/picture-folders`,
    access: MEDIA_ACCESS.editPictures,
    summary: 'Adds a folder (unique name beside its siblings; at most 5 levels deep)',
    schema: { params: tenantParam, body: pictureFolderCreateBody, response: { 200: pictureFolder } },
    handler: (ctx, req) => svc.createFolder(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${P}/picture-folders`,
    access: MEDIA_ACCESS.editPictures,
    summary: 'Renames a folder (objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: pictureFolderUpdateBody, response: { 200: pictureFolder } },
    handler: (ctx, req) => svc.renameFolder(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${P}/picture-folders/:folderId`,
    access: MEDIA_ACCESS.editPictures,
    summary: 'Deletes an empty folder; 409 with the counts while it holds pictures or folders',
    schema: { params: folderIdParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.removeFolder(ctx, req.params.folderId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/pictures`,
    access: MEDIA_ACCESS.pictures,
    summary:
      'Pictures, newest first (page, size, folderId — 0 the top level —, pictureName contains), with usageCount',
    schema: { params: tenantParam, querystring: pictureListQuery, response: { 200: picturePage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/pictures/limits`,
    access: MEDIA_ACCESS.pictures,
    summary: 'The upload bounds: maxBytes, maxMegapixels, types, maxFiles per request',
    schema: { params: tenantParam, response: { 200: pictureLimits } },
    handler: async (ctx) => svc.limits(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/pictures/:pictureId`,
    access: MEDIA_ACCESS.pictures,
    summary: 'One picture',
    schema: { params: pictureIdParam, response: { 200: picture } },
    handler: (ctx, req) => svc.get(ctx, req.params.pictureId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/pictures/:pictureId/usage`,
    access: MEDIA_ACCESS.pictures,
    summary: 'Who shows the picture: articles, banners and notices with their titles',
    schema: { params: pictureIdParam, response: { 200: pictureUsage } },
    handler: (ctx, req) => svc.usage(ctx, req.params.pictureId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/pictures/multipart`,
    access: MEDIA_ACCESS.upload,
    summary:
      'Uploads one or more pictures (multipart, file parts; JPG/PNG/WebP/GIF by content, 10 MB and 40 megapixels each); each file answered on its own',
    schema: {
      params: tenantParam,
      querystring: pictureUploadQuery,
      consumes: ['multipart/form-data'],
      response: { 200: pictureUploadAnswer },
    },
    noTransaction: true,
    handler: async (ctx, req) => {
      if (!req.isMultipart()) throw MediaErrors.notMultipart();
      await svc.checkUpload(ctx, req.query.folderId);
      const items: PictureUploadAnswer['items'] = [];
      try {
        const parts = req.files({
          limits: { fileSize: PICTURE_MAX_BYTES, files: PICTURE_UPLOAD_FILES_MAX + 1 },
          // A file over the bound is flagged (truncated) and refused on its own; the others still go.
          throwFileSizeLimit: false,
        });
        for await (const part of parts) {
          if (items.length >= PICTURE_UPLOAD_FILES_MAX) {
            part.file.resume();
            throw MediaErrors.tooManyFiles({ max: PICTURE_UPLOAD_FILES_MAX });
          }
          try {
            const made = await svc.uploadOne(
              ctx,
              { stream: part.file, fileName: part.filename },
              req.query.folderId,
            );
            items.push({ fileName: part.filename, picture: made, error: null });
          } catch (err) {
            // One refused file does not stop the others; its bytes are read off so the next part comes.
            part.file.resume();
            if (!(err instanceof AppError)) throw err;
            items.push({ fileName: part.filename, picture: null, error: err.messageIn(ctx.lang) });
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
        throw MediaErrors.notMultipart();
      }
      if (items.length === 0) throw MediaErrors.noFile();
      return { items };
    },
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${P}/pictures`,
    access: MEDIA_ACCESS.editPictures,
    summary: 'Renames or moves a picture (folderId null: top level; objectVersionNumber, stale → 409)',
    schema: { params: tenantParam, body: pictureUpdateBody, response: { 200: picture } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${P}/pictures/:pictureId`,
    access: MEDIA_ACCESS.deletePictures,
    summary: 'Deletes a picture and its file; 409 naming the articles, banners and notices that show it',
    schema: { params: pictureIdParam, querystring: mediaDeleteQuery, response: { 200: okResult } },
    noTransaction: true,
    handler: (ctx, req) => svc.remove(ctx, req.params.pictureId, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/pictures/:pictureId/thumb.jpg`,
    access: MEDIA_ACCESS.pictures,
    summary: 'The picture’s thumbnail (JPEG, at most 320 px on its longest side)',
    schema: { params: pictureIdParam },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const body = await svc.thumb(ctx, req.params.pictureId);
      return sendStoredFile(reply, {
        body,
        contentType: 'image/jpeg',
        fileName: 'thumb.jpg',
        immutable: true,
      });
    },
  });
};
