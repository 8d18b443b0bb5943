import {
  traceBatchPublishParam,
  tracePublishAnswer,
  tracePublishBody,
  traceRecordListQuery,
  traceRecordPage,
} from '@tilth/contracts/trace-public.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { PublishService } from './publish.service.js';

const BASE = '/wfpf/v1/:tenantId/trace/batches/:id';

/** Publish / republish a trace batch and list its published versions. */
export const registerPublishRoutes = (app: App, platform: Platform): void => {
  const svc = new PublishService();

  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/publish`,
    access: 'wfpf.farm.trace.index.ps.publish',
    summary:
      'Publish (or republish) a trace batch: assemble its record from the farm records, store it as the next version and append its hash to the ledger',
    schema: { params: traceBatchPublishParam, body: tracePublishBody, response: { 200: tracePublishAnswer } },
    handler: (ctx, req) => svc.publish(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/records`,
    access: 'wfpf.farm.trace.index',
    summary: 'The published versions of a trace batch, newest first (record hash, ledger transaction)',
    schema: {
      params: traceBatchPublishParam,
      querystring: traceRecordListQuery,
      response: { 200: traceRecordPage },
    },
    handler: (ctx, req) => svc.records(ctx, req.params.id, req.query),
  });
};
