import {
  activity,
  activityCreateBody,
  activityIdParam,
  activityListQuery,
  activityPage,
  activityUpdateBody,
} from '@tilth/contracts/activity.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ACTIVITY_ACCESS, ActivityService } from './activity.service.js';

export const registerActivityRoutes = (app: App, platform: Platform): void => {
  const activities = new ActivityService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/activity',
    access: ACTIVITY_ACCESS.read,
    summary:
      'Activities, latest start first (size=0: all; activityName contains, activityType, areaId, status upcoming|ongoing|ended, startDate..endDate overlap)',
    schema: { params: tenantParam, querystring: activityListQuery, response: { 200: activityPage } },
    handler: (ctx, req) => activities.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/activity/:id',
    access: ACTIVITY_ACCESS.read,
    summary: 'One activity',
    schema: { params: activityIdParam, response: { 200: activity } },
    handler: (ctx, req) => activities.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/activity',
    access: ACTIVITY_ACCESS.create,
    summary:
      "Adds an activity (start ≤ end; times without an offset are wall time in the tenant's time zone)",
    schema: { params: tenantParam, body: activityCreateBody, response: { 200: activity } },
    handler: (ctx, req) => activities.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/activity',
    access: ACTIVITY_ACCESS.edit,
    summary:
      'Edits an activity (activityId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: activityUpdateBody, response: { 200: activity } },
    handler: (ctx, req) => activities.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/activity/:id',
    access: ACTIVITY_ACCESS.delete,
    summary: 'Deletes an activity',
    schema: { params: activityIdParam, response: { 200: okResult } },
    handler: (ctx, req) => activities.remove(ctx, req.params.id),
  });
};
