import { normalizeGtin } from '@tilth/contracts/gs1-digital-link';
import {
  traceImageLotParam,
  traceImageQuery,
  traceImageSerialParam,
  tracePageGs1Param,
  tracePageLotParam,
  tracePageQuery,
  tracePageSerialParam,
  tracePublicProof,
  traceScanPlaceAnswer,
  traceScanPlaceBody,
  traceScanPlaceQuery,
  traceVideoLotParam,
  traceVideoSerialParam,
} from '@tilth/contracts/trace-public.types';
import type { FastifyReply } from 'fastify';
import { AppError, CommonErrors } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/http/context.js';
import { perClientLimit } from '../../../platform/http/rate-limit.js';
import { type App, addRoute, tenantTimeZone } from '../../../platform/http/route.js';
import { sendRanged, sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { openPromoVideo } from '../../content/media/index.js';
import { FileService } from '../../messaging/file/index.js';
import { tenantOfGtin } from '../catalog/index.js';
import { attachScanPlace } from '../code/index.js';
import { pageLang } from './public.i18n.js';
import { renderNotFoundPage, renderTracePage } from './public.page.js';
import { traceScriptUrl } from './public.script.js';
import { checkRecord, proofSummary, type TraceKey, TracePublicService } from './public.service.js';
import { PAGE_CSP } from './public.style.js';

// The signed-out trace page (issue 18 item 3) at the URLs printed in the QR codes: /q/{t}/{serial} (the
// tenant's own scheme), /01/{gtin}/10/{lot}/21/{serial} (GS1 Digital Link, the tenant found by GTIN) and
// /q/{t}/b/{lot} (a lot on a carton). Rendered on the server; its pictures and the proof its script checks
// come from /wfpf/v1/public/{t}/trace/…. Every answer is bounded per client address (ADR 0008).

const PUBLIC = '/wfpf/v1/public/:tenantId/trace';
const LIMITS = {
  page: perClientLimit({ max: 60, windowSeconds: 60 }),
  proof: perClientLimit({ max: 60, windowSeconds: 60 }),
  image: perClientLimit({ max: 300, windowSeconds: 60 }),
  // A player asks for many byte ranges while seeking.
  video: perClientLimit({ max: 300, windowSeconds: 60 }),
  place: perClientLimit({ max: 20, windowSeconds: 60 }),
};
const IMAGE_SIZES = { thumb: 480, full: 1280 } as const;

const keyPath = (key: TraceKey): string =>
  'serial' in key ? encodeURIComponent(key.serial) : `b/${encodeURIComponent(key.lot)}`;

const isNotFound = (err: unknown): boolean => err instanceof AppError && err.status === 404;

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    // A page shows this visit's scan count: never from a cache.
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);

export const registerTracePublicRoutes = (app: App, platform: Platform): void => {
  const pub = new TracePublicService();
  const files = new FileService(platform.storage, platform.config);

  /** Renders the page of a key in ctx's tenant; a 404 of any kind is the same plain not-found page. */
  const page = async (
    ctx: Ctx,
    reply: FastifyReply,
    key: TraceKey,
    self: string,
    langQuery: string | undefined,
    accept?: (lot: string, gtin: string | null | undefined) => boolean,
  ) => {
    const lang = pageLang(langQuery, ctx.lang);
    try {
      const view = await pub.view(ctx, key, reply.request.method !== 'HEAD');
      const rec = view.published.record;
      if (accept && !accept(view.published.batchCode, rec.product.gtin))
        return sendHtml(reply, 404, renderNotFoundPage(lang));
      const check = await checkRecord(ctx, view.published);
      const base = `/wfpf/v1/public/${ctx.tenantId}/trace`;
      const html = renderTracePage({
        lang,
        timeZone: ctx.timeZone,
        record: rec,
        withdrawn: view.published.withdrawn,
        scan: view.scan,
        proof: proofSummary(view.published, check),
        urls: {
          self,
          proof: `${base}/proof/${keyPath(key)}`,
          script: traceScriptUrl(platform.config.webDist),
          region: view.place
            ? `${base}/scan/${encodeURIComponent(view.place.serial)}/place?n=${view.place.scanNo}&k=${view.place.token}`
            : null,
          image: (i) => `${base}/image/${keyPath(key)}/${rec.version}/${i}`,
          video: (which) =>
            `${base}/video/${keyPath(key)}/${rec.version}/${which === 'video' ? 'video' : 'poster.jpg'}`,
        },
      });
      return sendHtml(reply, 200, html);
    } catch (err) {
      if (isNotFound(err)) return sendHtml(reply, 404, renderNotFoundPage(lang));
      throw err;
    }
  };

  addRoute(app, platform, {
    method: 'GET',
    url: '/q/:tenantId/:serial',
    access: 'public',
    summary:
      'The public trace page of a code (tenant scheme; HTML, no sign-in; counts a scan; else a 404 page)',
    schema: { params: tracePageSerialParam, querystring: tracePageQuery },
    rateLimit: LIMITS.page,
    handler: (ctx, req, reply) =>
      page(
        ctx,
        reply,
        { serial: req.params.serial },
        `/q/${req.params.tenantId}/${encodeURIComponent(req.params.serial)}`,
        req.query.lang,
      ),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/q/:tenantId/b/:lot',
    access: 'public',
    summary: 'The public trace page of a lot without an item code (HTML, no sign-in; else a 404 page)',
    schema: { params: tracePageLotParam, querystring: tracePageQuery },
    rateLimit: LIMITS.page,
    handler: (ctx, req, reply) =>
      page(
        ctx,
        reply,
        { lot: req.params.lot },
        `/q/${req.params.tenantId}/b/${encodeURIComponent(req.params.lot)}`,
        req.query.lang,
      ),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/01/:gtin/10/:lot/21/:serial',
    access: 'public',
    summary:
      'The public trace page of a GS1 Digital Link (GTIN → tenant; lot and GTIN must match the code; HTML, no sign-in)',
    schema: { params: tracePageGs1Param, querystring: tracePageQuery },
    rateLimit: LIMITS.page,
    handler: async (ctx, req, reply) => {
      const p = req.params;
      const gtin = normalizeGtin(p.gtin);
      const lang = pageLang(req.query.lang, ctx.lang);
      const tenantId = gtin ? await tenantOfGtin(platform.database.db, gtin) : undefined;
      if (!gtin || tenantId === undefined) return sendHtml(reply, 404, renderNotFoundPage(lang));
      // The GTIN names the tenant: from here the request is that tenant's, under its row-level security.
      return platform.database.withTenant(tenantId, async (tx) => {
        const tctx: Ctx = {
          ...ctx,
          tenantId,
          db: tx,
          timeZone: await tenantTimeZone(platform, tx, tenantId),
          transact: (fn) => fn(tx),
        };
        const self = `/01/${gtin}/10/${encodeURIComponent(p.lot)}/21/${encodeURIComponent(p.serial)}`;
        return page(
          tctx,
          reply,
          { serial: p.serial },
          self,
          req.query.lang,
          (lot, g) => lot === p.lot && g === gtin,
        );
      });
    },
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${PUBLIC}/scan/:serial/place`,
    access: 'public',
    summary:
      'The coarse place a visitor chose to share, added to the scan their page counted (n, k from that page; within 30 min; no sign-in)',
    schema: {
      params: tracePageSerialParam,
      querystring: traceScanPlaceQuery,
      body: traceScanPlaceBody,
      response: { 200: traceScanPlaceAnswer },
    },
    rateLimit: LIMITS.place,
    handler: async (ctx, req) => ({
      recorded: await attachScanPlace(ctx, {
        serial: req.params.serial,
        scanNo: req.query.n,
        token: req.query.k,
        lat: req.body.lat,
        lng: req.body.lng,
        region: req.body.region,
      }),
    }),
  });

  for (const [suffix, params, keyOf] of [
    [
      '/proof/:serial',
      tracePageSerialParam,
      (p: { serial?: string; lot?: string }) => ({ serial: p.serial as string }),
    ],
    [
      '/proof/b/:lot',
      tracePageLotParam,
      (p: { serial?: string; lot?: string }) => ({ lot: p.lot as string }),
    ],
  ] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${PUBLIC}${suffix}`,
      access: 'public',
      summary:
        'The published record as stored, its ledger proof and the server verdict, for the page to re-check (no sign-in; no scan counted)',
      schema: { params, response: { 200: tracePublicProof } },
      rateLimit: LIMITS.proof,
      handler: async (ctx, req, reply) => {
        reply.header('cache-control', 'no-store');
        return pub.proof(ctx, keyOf(req.params as { serial?: string; lot?: string }));
      },
    });
  }

  for (const [suffix, params, keyOf] of [
    [
      '/image/:serial/:version/:index',
      traceImageSerialParam,
      (p: { serial?: string; lot?: string }) => ({ serial: p.serial as string }),
    ],
    [
      '/image/b/:lot/:version/:index',
      traceImageLotParam,
      (p: { serial?: string; lot?: string }) => ({ lot: p.lot as string }),
    ],
  ] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${PUBLIC}${suffix}`,
      access: 'public',
      summary:
        'A picture listed in the published record, by index, resized (no sign-in; any other file or version 404)',
      schema: { params, querystring: traceImageQuery },
      rateLimit: LIMITS.image,
      serves: 'file',
      handler: async (ctx, req, reply) => {
        const p = req.params as { serial?: string; lot?: string; version: number; index: number };
        const url = await pub.imageUrl(ctx, keyOf(p), p.version, p.index);
        const fileId = fileIdOf(url, ctx.tenantId ?? -1);
        if (!fileId) throw CommonErrors.notFound();
        const side = IMAGE_SIZES[req.query.size];
        const img = await files.publicImage(ctx, fileId, { width: side, height: side, flag: 0 });
        // One version's pictures never change under this URL.
        return sendStoredFile(reply, { ...img, cacheScope: 'public', immutable: true });
      },
    });
  }

  for (const [prefix, params, keyOf] of [
    [
      '/video/:serial/:version',
      traceVideoSerialParam,
      (p: { serial?: string; lot?: string }) => ({ serial: p.serial as string }),
    ],
    [
      '/video/b/:lot/:version',
      traceVideoLotParam,
      (p: { serial?: string; lot?: string }) => ({ lot: p.lot as string }),
    ],
  ] as const) {
    for (const which of ['video', 'poster'] as const) {
      addRoute(app, platform, {
        method: 'GET',
        url: `${PUBLIC}${prefix}/${which === 'video' ? 'video' : 'poster.jpg'}`,
        access: 'public',
        summary:
          which === 'video'
            ? 'The promo video the published record names (no sign-in; byte ranges, 206; any other version 404)'
            : 'The poster (JPEG) of the promo video the published record names (no sign-in)',
        schema: { params },
        rateLimit: LIMITS.video,
        serves: 'file',
        handler: async (ctx, req, reply) => {
          const p = req.params as { serial?: string; lot?: string; version: number };
          const assetKey = await pub.videoKey(ctx, keyOf(p), p.version);
          const file = await openPromoVideo(platform.storage, ctx.db, ctx.tenantId ?? -1, assetKey, which);
          return sendRanged(req, reply, file, { cacheScope: 'public', immutable: true });
        },
      });
    }
  }
};

const FILE_URL = /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-f-]{36})\/(file|image)$/i;
/** The file id of the tenant's own stored-file URL, else undefined (a record never points elsewhere). */
const fileIdOf = (url: string, tenantId: number): string | undefined => {
  const m = FILE_URL.exec(url);
  return m && Number(m[1]) === tenantId ? m[2]?.toLowerCase() : undefined;
};
