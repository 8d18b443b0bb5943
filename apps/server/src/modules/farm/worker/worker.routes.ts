import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  worker,
  workerCandidateQuery,
  workerCandidateUsers,
  workerCreateBody,
  workerIdParam,
  workerListQuery,
  workerPage,
  workerSelf,
  workerUpdateBody,
} from '@tilth/contracts/worker.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { WORKER_ACCESS, WorkerService } from './worker.service.js';

export const registerWorkerRoutes = (app: App, platform: Platform): void => {
  const workers = new WorkerService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/worker',
    access: WORKER_ACCESS.read,
    summary: 'Workers by name (size=0: all, for selects; name contains, organizationId, enabledFlag)',
    schema: { params: tenantParam, querystring: workerListQuery, response: { 200: workerPage } },
    handler: (ctx, req) => workers.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/worker/self',
    access: 'authenticated',
    summary: 'The worker linked to the signed-in user in this tenant, or null',
    schema: { params: tenantParam, response: { 200: workerSelf } },
    handler: (ctx) => workers.self(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/worker/candidate-users',
    access: [WORKER_ACCESS.create, WORKER_ACCESS.edit],
    summary: 'Members of the tenant that may be linked to a worker (not linked yet, or linked to workerId)',
    schema: {
      params: tenantParam,
      querystring: workerCandidateQuery,
      response: { 200: workerCandidateUsers },
    },
    handler: (ctx, req) => workers.candidates(ctx, req.query.workerId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/worker/:id',
    access: WORKER_ACCESS.read,
    summary: 'One worker',
    schema: { params: workerIdParam, response: { 200: worker } },
    handler: (ctx, req) => workers.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/worker',
    access: WORKER_ACCESS.create,
    summary: 'Adds a worker; userId links a member of the tenant (one worker per user)',
    schema: { params: tenantParam, body: workerCreateBody, response: { 200: worker } },
    handler: (ctx, req) => workers.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/worker',
    access: WORKER_ACCESS.edit,
    summary: 'Edits a worker (workerId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: workerUpdateBody, response: { 200: worker } },
    handler: (ctx, req) => workers.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/worker/:id',
    access: WORKER_ACCESS.delete,
    summary: 'Deletes a worker who leads or takes part in no open task (409 otherwise: disable instead)',
    schema: { params: workerIdParam, response: { 200: okResult } },
    handler: (ctx, req) => workers.remove(ctx, req.params.id),
  });
};
