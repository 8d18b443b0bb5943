import { agriDeleteQuery as versionQuery } from '@tilth/contracts/agricultural.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  plan,
  planAddBatchesBody,
  planCreateBody,
  planDetail,
  planIdParam,
  planListQuery,
  planPackageCreateBody,
  planPackageDetail,
  planPackageListQuery,
  planPackagePage,
  planPackageUpdateBody,
  planPage,
  planUpdateBody,
} from '@tilth/contracts/plan.types';
import { approvalSubmitBody } from '@tilth/contracts/workflow.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { registerPlanApprovals } from './plan.approval.js';
import { PLAN_ACCESS, PlanService } from './plan.service.js';
import { PLAN_PACKAGE_ACCESS, PlanPackageService } from './plan-package.service.js';

export const registerPlanRoutes = (app: App, platform: Platform): void => {
  const packages = new PlanPackageService();
  const plans = new PlanService();
  registerPlanApprovals();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/plan-package',
    access: PLAN_PACKAGE_ACCESS.read,
    summary: 'Plan packages in creation order (size=0: all; packageName contains, cropId, enabledFlag)',
    schema: { params: tenantParam, querystring: planPackageListQuery, response: { 200: planPackagePage } },
    handler: (ctx, req) => packages.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/plan-package/:id',
    access: PLAN_PACKAGE_ACCESS.read,
    summary: 'One plan package with its tasks by day offset (task type and input names)',
    schema: { params: planIdParam, response: { 200: planPackageDetail } },
    handler: (ctx, req) => packages.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/plan-package',
    access: PLAN_PACKAGE_ACCESS.create,
    summary: 'Adds a plan package with 1–200 tasks',
    schema: { params: tenantParam, body: planPackageCreateBody, response: { 200: planPackageDetail } },
    handler: (ctx, req) => packages.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/plan-package',
    access: PLAN_PACKAGE_ACCESS.edit,
    summary: 'Edits a plan package (packageId, objectVersionNumber); tasks replace its task list',
    schema: { params: tenantParam, body: planPackageUpdateBody, response: { 200: planPackageDetail } },
    handler: (ctx, req) => packages.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/plan-package/:id',
    access: PLAN_PACKAGE_ACCESS.delete,
    summary: 'Deletes a plan package; plans made from it keep their tasks',
    schema: { params: planIdParam, response: { 200: okResult } },
    handler: (ctx, req) => packages.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/plan',
    access: PLAN_ACCESS.read,
    summary:
      'Plans, latest start first, with task counts per status and progress (planName, areaId, packageId)',
    schema: { params: tenantParam, querystring: planListQuery, response: { 200: planPage } },
    handler: (ctx, req) => plans.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/plan/info/:id',
    access: PLAN_ACCESS.read,
    summary: 'One plan with its batches and their tasks (status incl. derived overdue)',
    schema: { params: planIdParam, response: { 200: planDetail } },
    handler: (ctx, req) => plans.info(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/plan',
    access: PLAN_ACCESS.create,
    summary:
      'Applies a package to growing batches of one base from startDate: creates the plan and its tasks (with an approval flow bound: submitted, tasks on approval)',
    schema: { params: tenantParam, body: planCreateBody, response: { 200: plan } },
    handler: (ctx, req) => plans.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/plan/:id/batches',
    access: PLAN_ACCESS.edit,
    summary: 'Applies the plan to more growing batches of its base (generates their tasks)',
    schema: { params: planIdParam, body: planAddBatchesBody, response: { 200: plan } },
    handler: (ctx, req) => plans.addBatches(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/plan',
    access: PLAN_ACCESS.edit,
    summary: 'Renames a plan or edits its description (planId, objectVersionNumber)',
    schema: { params: tenantParam, body: planUpdateBody, response: { 200: plan } },
    handler: (ctx, req) => plans.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/plan/submit/:id',
    access: PLAN_ACCESS.edit,
    summary:
      'Submits a withdrawn or rejected plan for approval again (approved at once, with its tasks, when no flow is bound)',
    schema: {
      params: planIdParam,
      querystring: versionQuery,
      body: approvalSubmitBody.nullish(),
      response: { 200: plan },
    },
    handler: (ctx, req) => plans.submit(ctx, req.params.id, req.query.objectVersionNumber, req.body?.chosen),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/plan/:id',
    access: PLAN_ACCESS.delete,
    summary: 'Deletes a plan none of whose tasks has started, with its tasks and batch links (else 409)',
    schema: { params: planIdParam, response: { 200: okResult } },
    handler: (ctx, req) => plans.remove(ctx, req.params.id),
  });
};
