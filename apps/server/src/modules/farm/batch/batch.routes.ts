import {
  batch,
  batchCreateBody,
  batchDeleteBody,
  batchHarvestBody,
  batchIdParam,
  batchListQuery,
  batchPage,
  batchPlan,
  batchPlanQuery,
  batchUpdateBody,
} from '@tilth/contracts/batch.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { BATCH_ACCESS, BatchService } from './batch.service.js';

export const registerBatchRoutes = (app: App, platform: Platform): void => {
  const batches = new BatchService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/batch',
    access: BATCH_ACCESS.read,
    summary:
      'Batches, latest start first (size=0: all; areaId, landId, cropId, status, batchType; batchName contains)',
    schema: { params: tenantParam, querystring: batchListQuery, response: { 200: batchPage } },
    handler: (ctx, req) => batches.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/batch/plan',
    access: BATCH_ACCESS.read,
    summary:
      'The plan (Gantt) view: batches whose period overlaps startDate..endDate, of base areaId or plot landId when given',
    schema: { params: tenantParam, querystring: batchPlanQuery, response: { 200: batchPlan } },
    handler: (ctx, req) => batches.plan(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/batch/:id',
    access: BATCH_ACCESS.read,
    summary: 'One batch',
    schema: { params: batchIdParam, response: { 200: batch } },
    handler: (ctx, req) => batches.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/batch',
    access: BATCH_ACCESS.create,
    summary: 'Adds a batch (growing); a plot holds at most one growing batch',
    schema: { params: tenantParam, body: batchCreateBody, response: { 200: batch } },
    handler: (ctx, req) => batches.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/batch',
    access: BATCH_ACCESS.edit,
    summary: 'Edits a batch (batchId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: batchUpdateBody, response: { 200: batch } },
    handler: (ctx, req) => batches.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/batch',
    access: BATCH_ACCESS.delete,
    summary: 'Deletes a batch with no harvest recorded, body {batchId, objectVersionNumber?}',
    schema: { params: tenantParam, body: batchDeleteBody, response: { 200: okResult } },
    handler: (ctx, req) => batches.remove(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/batch/harvest',
    access: BATCH_ACCESS.edit,
    summary: 'Records the harvest {batchId, harvestQuantity, unit, harvestDate}; the batch becomes harvested',
    schema: { params: tenantParam, body: batchHarvestBody, response: { 200: batch } },
    handler: (ctx, req) => batches.harvest(ctx, req.body),
  });
};
