import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  catalogueIdParam,
  taskType,
  taskTypeCreateBody,
  taskTypePage,
  taskTypePageQuery,
  taskTypeUpdateBody,
} from '@tilth/contracts/crop.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { TASK_TYPE_ACCESS, TaskTypeService } from './task-type.service.js';

export const registerTaskTypeRoutes = (app: App, platform: Platform): void => {
  const types = new TaskTypeService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/task-type/page',
    access: TASK_TYPE_ACCESS.read,
    summary: 'Task types of the tenant in creation order (typeName: contains, any case; size=0: all)',
    schema: { params: tenantParam, querystring: taskTypePageQuery, response: { 200: taskTypePage } },
    handler: (ctx, req) => types.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/task-type/:id',
    access: TASK_TYPE_ACCESS.read,
    summary: 'One task type',
    schema: { params: catalogueIdParam, response: { 200: taskType } },
    handler: (ctx, req) => types.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/task-type',
    access: TASK_TYPE_ACCESS.create,
    summary: 'Adds a task type (name and code unique in the tenant)',
    schema: { params: tenantParam, body: taskTypeCreateBody, response: { 200: taskType } },
    handler: (ctx, req) => types.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/task-type',
    access: TASK_TYPE_ACCESS.edit,
    summary:
      'Edits a task type (taskTypeId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: taskTypeUpdateBody, response: { 200: taskType } },
    handler: (ctx, req) => types.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/task-type/:id',
    access: TASK_TYPE_ACCESS.delete,
    summary: 'Deletes a task type',
    schema: { params: catalogueIdParam, response: { 200: okResult } },
    handler: (ctx, req) => types.remove(ctx, req.params.id),
  });
};
