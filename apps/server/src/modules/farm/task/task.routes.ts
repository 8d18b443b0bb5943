import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  taskAssignBody,
  taskCreateBody,
  taskDeleteQuery,
  taskDetail,
  taskFinishBody,
  taskIdParam,
  taskListQuery,
  taskPage,
  taskReasonBody,
  taskUpdateBody,
  taskVersionBody,
} from '@tilth/contracts/task.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { TaskFlowService } from './task.flow.js';
import { TASK_ACCESS } from './task.rules.js';
import { TaskService } from './task.service.js';

const READ = [TASK_ACCESS.manage, TASK_ACCESS.mine] as const;
const base = '/wfpf/v1/:tenantId/task';

export const registerTaskRoutes = (app: App, platform: Platform): void => {
  const tasks = new TaskService();
  const flow = new TaskFlowService();

  addRoute(app, platform, {
    method: 'GET',
    url: base,
    access: TASK_ACCESS.manage,
    summary:
      'Task management: tasks of the tenant, latest start first (taskName contains; status incl. the derived overdue; areaId, landId, batchId, planId, leaderWorkerId, taskTypeId; startDate..endDate overlap)',
    schema: { params: tenantParam, querystring: taskListQuery, response: { 200: taskPage } },
    handler: (ctx, req) => tasks.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/mine`,
    access: TASK_ACCESS.mine,
    summary:
      "My tasks: tasks the signed-in user's worker leads or takes part in (same filters); empty when the user is not linked to a worker",
    schema: { params: tenantParam, querystring: taskListQuery, response: { 200: taskPage } },
    handler: (ctx, req) => tasks.mine(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id`,
    access: READ,
    summary: 'One task with participants, planned and used inputs, photos and its timeline',
    schema: { params: taskIdParam, response: { 200: taskDetail } },
    handler: (ctx, req) => tasks.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: base,
    access: TASK_ACCESS.create,
    summary: 'Adds a task: unassigned, or not_started when a leader is given',
    schema: { params: tenantParam, body: taskCreateBody, response: { 200: taskDetail } },
    handler: (ctx, req) => tasks.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: base,
    access: TASK_ACCESS.edit,
    summary: 'Edits an unassigned or not started task (taskId and objectVersionNumber required)',
    schema: { params: tenantParam, body: taskUpdateBody, response: { 200: taskDetail } },
    handler: (ctx, req) => tasks.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: TASK_ACCESS.delete,
    summary: 'Deletes an unassigned, not started or canceled task (query objectVersionNumber optional)',
    schema: { params: taskIdParam, querystring: taskDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => tasks.remove(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/assign`,
    access: TASK_ACCESS.assign,
    summary: 'Sets the leader (required) and participants: unassigned | not_started → not_started',
    schema: { params: taskIdParam, body: taskAssignBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.assign(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/start`,
    access: READ,
    summary: 'The leader or a participant starts: not_started → in_progress',
    schema: { params: taskIdParam, body: taskVersionBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.start(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/finish`,
    access: READ,
    summary:
      "The leader or a participant finishes: in_progress → finished, {note, photos ≤ 9, inputs [{inputId, quantity}]}; inputs leave the base's stock",
    schema: { params: taskIdParam, body: taskFinishBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.finish(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/approve`,
    access: READ,
    summary: 'The creator or an approver (…task.ps.approve) accepts: finished → closed',
    schema: { params: taskIdParam, body: taskVersionBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.approve(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/reject`,
    access: READ,
    summary: 'The creator or an approver sends the work back with a reason: finished → in_progress',
    schema: { params: taskIdParam, body: taskReasonBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.reject(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/end`,
    access: READ,
    summary: 'The creator or a task editor ends early with a reason: not_started | in_progress → closed',
    schema: { params: taskIdParam, body: taskReasonBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.end(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/cancel`,
    access: READ,
    summary:
      'The creator or a task editor cancels with a reason: unassigned | not_started | in_progress → canceled',
    schema: { params: taskIdParam, body: taskReasonBody, response: { 200: taskDetail } },
    handler: (ctx, req) => flow.cancel(ctx, req.params.id, req.body),
  });
};
