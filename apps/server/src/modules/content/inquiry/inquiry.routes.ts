import { tenantParam } from '@tilth/contracts/common.types';
import {
  inquiryCloseBody,
  inquiryCreateBody,
  inquiryDashboard,
  inquiryDetail,
  inquiryExpertBody,
  inquiryIdParam,
  inquiryListQuery,
  inquiryOptions,
  inquiryPage,
  inquiryPublishAnswer,
  inquiryPublishBody,
  inquiryReplyBody,
  poolInquiryParam,
  poolPhotoParam,
} from '@tilth/contracts/inquiry.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { INQUIRY_ACCESS, INQUIRY_EITHER } from './inquiry.access.js';
import { InquiryService } from './inquiry.service.js';
import { InquiryPoolService } from './inquiry-pool.service.js';

const BASE = '/wfpf/v1/:tenantId/agriculture/inquiries';
const POOL = '/wfpf/v1/:tenantId/agriculture/inquiry-pool';

/** Expert inquiry (issue 19 item 5) in the tenant, and the platform's expert pool (ADR 0018). */
export const registerInquiryRoutes = (app: App, platform: Platform): void => {
  const svc = new InquiryService(platform.database);
  const pool = new InquiryPoolService(platform.database, platform.storage);

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/options`,
    access: INQUIRY_ACCESS.ask,
    summary: "The ask form's crops, plots and growing batches (each with its plot)",
    schema: { params: tenantParam, response: { 200: inquiryOptions } },
    handler: (ctx) => svc.options(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INQUIRY_EITHER,
    summary:
      'Inquiries: scope mine (asked by me), queue (open, oldest first), answered (by me) or all (experts); status, urgency, cropId, keyword',
    schema: { params: tenantParam, querystring: inquiryListQuery, response: { 200: inquiryPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/dashboard`,
    access: INQUIRY_ACCESS.answer,
    summary: "The expert's dashboard: queue size and oldest, my answered, average rating and first response",
    schema: { params: tenantParam, response: { 200: inquiryDashboard } },
    handler: (ctx) => svc.dashboard(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:inquiryId`,
    access: INQUIRY_EITHER,
    summary: "One inquiry and its thread (the asker's own; any of the tenant for its experts)",
    schema: { params: inquiryIdParam, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.get(ctx, req.params.inquiryId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: INQUIRY_ACCESS.ask,
    noTransaction: true,
    summary:
      'Asks the experts: title, question, crop, plot, batch on that plot, ≤ 6 JPG/PNG photos ≤ 10 MB, urgency, audience tenant|pool; experts are notified',
    schema: { params: tenantParam, body: inquiryCreateBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.ask(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:inquiryId/answer`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: 'An expert answers (HTML, sanitised); the farmer is notified (stale objectVersionNumber → 409)',
    schema: { params: inquiryIdParam, body: inquiryExpertBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.answer(ctx, req.params.inquiryId, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:inquiryId/ask-back`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: 'An expert asks the farmer back (status asked_back); the farmer is notified',
    schema: { params: inquiryIdParam, body: inquiryExpertBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.askBack(ctx, req.params.inquiryId, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:inquiryId/reply`,
    access: INQUIRY_ACCESS.ask,
    noTransaction: true,
    summary:
      'The asker replies (plain text, ≤ 6 photos); it waits for an expert again and the expert is notified',
    schema: { params: inquiryIdParam, body: inquiryReplyBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.reply(ctx, req.params.inquiryId, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:inquiryId/close`,
    access: INQUIRY_EITHER,
    noTransaction: true,
    summary:
      'The asker closes with a rating 1–5 and a comment (the expert is notified); an expert closes one the farmer left silent for 7 days',
    schema: { params: inquiryIdParam, body: inquiryCloseBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => svc.close(ctx, req.params.inquiryId, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:inquiryId/publish-article`,
    access: [INQUIRY_ACCESS.answer, 'wfpf.company.system.article.ps.create'],
    summary:
      "Turns the inquiry's expert answers into a draft article of the tenant (the farmer's identity is not copied)",
    schema: { params: inquiryIdParam, body: inquiryPublishBody, response: { 200: inquiryPublishAnswer } },
    handler: (ctx, req) => svc.publish(ctx, req.params.inquiryId, req.body),
  });

  // The platform's expert pool: admitted with the answer code in the platform tenant (0) only.
  addRoute(app, platform, {
    method: 'GET',
    url: POOL,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: 'Pool experts: inquiries farmers of any tenant sent to the platform (scope queue|answered|all)',
    schema: { params: tenantParam, querystring: inquiryListQuery, response: { 200: inquiryPage } },
    handler: (ctx, req) => pool.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${POOL}/dashboard`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: "A pool expert's dashboard over every tenant's pool inquiries",
    schema: { params: tenantParam, response: { 200: inquiryDashboard } },
    handler: (ctx) => pool.dashboard(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${POOL}/:askTenantId/:inquiryId`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: 'A pool inquiry and its thread, read in the asker tenant (404 unless sent to the platform)',
    schema: { params: poolInquiryParam, response: { 200: inquiryDetail } },
    handler: (ctx, req) => pool.get(ctx, req.params.askTenantId, req.params.inquiryId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${POOL}/:askTenantId/:inquiryId/photos/:fileId`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    serves: 'file',
    summary: "A pool inquiry's photo for pool experts (only photos of that inquiry's thread)",
    schema: { params: poolPhotoParam },
    handler: async (ctx, req, reply) => {
      const p = req.params;
      const f = await pool.photo(ctx, p.askTenantId, p.inquiryId, p.fileId);
      return sendStoredFile(reply, { ...f, immutable: true });
    },
  });
  for (const [verb, kind] of [
    ['answer', 'answer'],
    ['ask-back', 'askBack'],
  ] as const) {
    addRoute(app, platform, {
      method: 'POST',
      url: `${POOL}/:askTenantId/:inquiryId/${verb}`,
      access: INQUIRY_ACCESS.answer,
      noTransaction: true,
      summary: `A pool expert's ${verb} on a pool inquiry, written in the asker tenant; the farmer is notified`,
      schema: { params: poolInquiryParam, body: inquiryExpertBody, response: { 200: inquiryDetail } },
      handler: (ctx, req) => pool[kind](ctx, req.params.askTenantId, req.params.inquiryId, req.body),
    });
  }
  addRoute(app, platform, {
    method: 'POST',
    url: `${POOL}/:askTenantId/:inquiryId/publish-article`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary:
      "A pool inquiry's answers as a draft article of the platform tenant (the farmer's identity is not copied)",
    schema: { params: poolInquiryParam, body: inquiryPublishBody, response: { 200: inquiryPublishAnswer } },
    handler: (ctx, req) => pool.publish(ctx, req.params.askTenantId, req.params.inquiryId, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${POOL}/:askTenantId/:inquiryId/close`,
    access: INQUIRY_ACCESS.answer,
    noTransaction: true,
    summary: 'A pool expert closes a pool inquiry the farmer left silent for 7 days',
    schema: { params: poolInquiryParam, body: inquiryCloseBody, response: { 200: inquiryDetail } },
    handler: (ctx, req) => pool.close(ctx, req.params.askTenantId, req.params.inquiryId, req.body),
  });
};
