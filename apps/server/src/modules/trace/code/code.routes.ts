import { tenantParam } from '@tilth/contracts/common.types';
import {
  traceCodeFileParam,
  traceCodeListQuery,
  traceCodePackage,
  traceCodePackageCreateBody,
  traceCodePackageIdParam,
  traceCodePackageListQuery,
  traceCodePackagePage,
  traceCodePackageVoidBody,
  traceCodePage,
  traceCodeVoidAnswer,
  traceCodeVoidBody,
  traceScanListQuery,
  traceScanPage,
} from '@tilth/contracts/trace-code.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendStoredFile } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { TRACE_CODE_ACCESS } from './code.access.js';
import { traceCodeRunnerOf } from './code.jobs.js';
import { TraceCodeService } from './code.service.js';
import { listTraceScans } from './scan.service.js';

// Trace code packages and scans (issue 18 item 2; docs/api.md "Trace codes").

const P = '/wfpf/v1/:tenantId/trace/code-package';

export const registerTraceCodeRoutes = (app: App, platform: Platform): void => {
  const svc = new TraceCodeService(platform);

  addRoute(app, platform, {
    method: 'GET',
    url: P,
    access: TRACE_CODE_ACCESS.list,
    summary: 'Code packages, newest first (page, size 10, traceBatchId, status, from / to creation day)',
    schema: {
      params: tenantParam,
      querystring: traceCodePackageListQuery,
      response: { 200: traceCodePackagePage },
    },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: P,
    access: TRACE_CODE_ACCESS.create,
    summary:
      'Queues a package of 1…100,000 codes for a draft or published trace batch (withdrawn: 409); 202, generated in the background',
    schema: { params: tenantParam, body: traceCodePackageCreateBody, response: { 202: traceCodePackage } },
    noTransaction: true,
    handler: async (ctx, req, reply) => {
      const made = await svc.create(ctx, req.body);
      // Committed by now: the runner's own transaction sees the row.
      void traceCodeRunnerOf(platform).kick(ctx.tenantId ?? undefined);
      reply.code(202);
      return made;
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/:packageId`,
    access: TRACE_CODE_ACCESS.list,
    summary: 'One code package; poll it while status is queued or generating (progress 0–100)',
    schema: { params: traceCodePackageIdParam, response: { 200: traceCodePackage } },
    noTransaction: true,
    handler: (ctx, req) => svc.get(ctx, req.params.packageId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/:packageId/codes`,
    access: TRACE_CODE_ACCESS.list,
    summary:
      "A package's codes in label order (page, size 20, serial contains, voided 0/1) with scans and void state",
    schema: {
      params: traceCodePackageIdParam,
      querystring: traceCodeListQuery,
      response: { 200: traceCodePage },
    },
    handler: (ctx, req) => svc.codes(ctx, req.params.packageId, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/:packageId/void`,
    access: TRACE_CODE_ACCESS.void,
    summary: 'Voids every code of a ready package not void yet (reason, objectVersionNumber; stale → 409)',
    schema: {
      params: traceCodePackageIdParam,
      body: traceCodePackageVoidBody,
      response: { 200: traceCodeVoidAnswer },
    },
    handler: (ctx, req) =>
      svc.voidPackage(ctx, req.params.packageId, req.body.reason, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/:packageId/file/:file`,
    access: TRACE_CODE_ACCESS.export,
    summary:
      'Downloads a ready package: pdf (A4 label sheet), csv (seq, serial, url) or zip (CSV + one QR PNG per code up to 10,000; above, CSV + PDF)',
    schema: { params: traceCodeFileParam },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const f = await svc.file(ctx, req.params.packageId, req.params.file);
      return sendStoredFile(reply, { ...f, download: true });
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/trace/code/void',
    access: TRACE_CODE_ACCESS.void,
    summary: 'Voids one code by serial (reason); its public page then says it is void',
    schema: { params: tenantParam, body: traceCodeVoidBody, response: { 200: traceCodeVoidAnswer } },
    handler: (ctx, req) => svc.voidCode(ctx, req.body.serial, req.body.reason),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/trace/scan',
    access: TRACE_CODE_ACCESS.scans,
    summary:
      'Scans of trace codes, newest first (page, size 20, from / to day, traceBatchId, serial contains, suspicious 0/1) with a summary',
    schema: { params: tenantParam, querystring: traceScanListQuery, response: { 200: traceScanPage } },
    handler: (ctx, req) => listTraceScans(ctx, req.query),
  });
};
