import type { Readable } from 'node:stream';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  identification,
  identificationIdParam,
  identificationListQuery,
  identificationPage,
  identifyStatus,
  identifyUploadQuery,
  pestKnowledgeCreateBody,
  pestKnowledgeDeleteQuery,
  pestKnowledgeDetail,
  pestKnowledgeIdParam,
  pestKnowledgeListQuery,
  pestKnowledgePage,
  pestKnowledgeUpdateBody,
} from '@tilth/contracts/identify.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { IDENTIFY_ACCESS } from './identify.access.js';
import { IdentifyErrors } from './identify.errors.js';
import { IdentifyService } from './identify.service.js';
import { KnowledgeService } from './knowledge.service.js';

// Pest identification and the knowledge base (issue 19 item 6; docs/api.md "Pest identification").

const A = '/wfpf/v1/:tenantId/agriculture';

/** The part's bytes, refused past the bound while streaming (nothing is kept of a refused upload). */
const readBounded = async (stream: Readable & { truncated?: boolean }, max: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > max || stream.truncated) throw IdentifyErrors.tooLarge({ n: Math.round(max / 1024 / 1024) });
    chunks.push(c);
  }
  if (stream.truncated) throw IdentifyErrors.tooLarge({ n: Math.round(max / 1024 / 1024) });
  if (size === 0) throw IdentifyErrors.noFile();
  return Buffer.concat(chunks);
};

export const registerIdentifyRoutes = (app: App, platform: Platform): void => {
  const svc = new IdentifyService(platform);
  const kb = new KnowledgeService();
  const max = platform.config.identify.maxBytes;

  addRoute(app, platform, {
    method: 'GET',
    url: `${A}/identify/status`,
    access: IDENTIFY_ACCESS.view,
    summary:
      'Which identifier answers (onnx, http or none), its model key, the confidence floor and upload bounds',
    schema: { params: tenantParam, response: { 200: identifyStatus } },
    noTransaction: true,
    handler: (ctx) => svc.status(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${A}/identifications`,
    access: IDENTIFY_ACCESS.run,
    summary:
      'Identifies one JPG / PNG photo (multipart, field file, ≤ 10 MB; cropId as field or query): top candidates with confidence and knowledge links; the same image answers the same (stored once)',
    schema: {
      params: tenantParam,
      querystring: identifyUploadQuery,
      consumes: ['multipart/form-data'],
      response: { 200: identification },
    },
    noTransaction: true,
    handler: async (ctx, req) => {
      if (!req.isMultipart()) throw IdentifyErrors.notMultipart();
      const part = await req.file({ limits: { fileSize: max + 1, files: 1 } }).catch((err: unknown) => {
        if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
        throw IdentifyErrors.notMultipart();
      });
      if (!part) throw IdentifyErrors.noFile();
      const bytes = await readBounded(part.file, max);
      const field = part.fields.cropId;
      const raw = !Array.isArray(field) && field?.type === 'field' ? String(field.value) : undefined;
      const fromField = raw ? identifyUploadQuery.safeParse({ cropId: raw }) : undefined;
      if (fromField && !fromField.success) throw IdentifyErrors.cropNotFound();
      return svc.identify(ctx, { bytes, cropId: fromField?.data?.cropId ?? req.query.cropId });
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${A}/identifications`,
    access: IDENTIFY_ACCESS.view,
    summary: 'The history of identifications, latest first (page, size 10, status, mine=1)',
    schema: {
      params: tenantParam,
      querystring: identificationListQuery,
      response: { 200: identificationPage },
    },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${A}/identifications/:identificationId`,
    access: [IDENTIFY_ACCESS.view, 'wfpf.farm.agriculture.expert-inquiry'],
    summary: 'One identification (the expert inquiry shows it with the question)',
    schema: { params: identificationIdParam, response: { 200: identification } },
    handler: (ctx, req) => svc.get(ctx, req.params.identificationId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${A}/pest-knowledge`,
    access: IDENTIFY_ACCESS.view,
    summary:
      'The pest and disease knowledge base: platform entries and the tenant’s own (q, kind, crop; page, size)',
    schema: {
      params: tenantParam,
      querystring: pestKnowledgeListQuery,
      response: { 200: pestKnowledgePage },
    },
    handler: (ctx, req) => kb.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${A}/pest-knowledge/:knowledgeId`,
    access: [IDENTIFY_ACCESS.view, 'wfpf.farm.agriculture.expert-inquiry'],
    summary: 'One entry with the agricultural inputs registered against it (linked, or by active ingredient)',
    schema: { params: pestKnowledgeIdParam, response: { 200: pestKnowledgeDetail } },
    handler: (ctx, req) => kb.get(ctx, req.params.knowledgeId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${A}/pest-knowledge`,
    access: IDENTIFY_ACCESS.knowledge,
    summary: 'Adds a tenant entry (code unique, platform codes included)',
    schema: { params: tenantParam, body: pestKnowledgeCreateBody, response: { 200: pestKnowledgeDetail } },
    handler: (ctx, req) => kb.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${A}/pest-knowledge/:knowledgeId`,
    access: IDENTIFY_ACCESS.knowledge,
    summary:
      'Edits a tenant entry; editing a platform entry makes the tenant’s own version of it (objectVersionNumber; stale → 409)',
    schema: {
      params: pestKnowledgeIdParam,
      body: pestKnowledgeUpdateBody,
      response: { 200: pestKnowledgeDetail },
    },
    handler: (ctx, req) => kb.update(ctx, req.params.knowledgeId, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${A}/pest-knowledge/:knowledgeId`,
    access: IDENTIFY_ACCESS.knowledge,
    summary:
      'Deletes a tenant entry (its own version of a platform entry: the platform’s shows again); platform entries → 403',
    schema: {
      params: pestKnowledgeIdParam,
      querystring: pestKnowledgeDeleteQuery,
      response: { 200: okResult },
    },
    handler: (ctx, req) => kb.remove(ctx, req.params.knowledgeId, req.query.objectVersionNumber),
  });
};
