import {
  automationIdParam,
  deviceGroup,
  deviceGroupPage,
  groupCreateBody,
  groupListQuery,
  groupMembersBody,
  groupUpdateBody,
  strategy,
  strategyCreateBody,
  strategyEnableBody,
  strategyListQuery,
  strategyPage,
  strategyRun,
  strategyRunBody,
  strategyRunPage,
  strategyRunQuery,
  strategyUpdateBody,
} from '@tilth/contracts/automation.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { AUTOMATION_CODES } from '@tilth/contracts/permissions';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { strategyEngineFor } from './automation.jobs.js';
import { anyGroupAccess, GroupService } from './group.service.js';
import { StrategyService } from './strategy.service.js';

const S = AUTOMATION_CODES.strategy;

export const registerAutomationRoutes = (app: App, platform: Platform): void => {
  // The engine the strategy tick runs (automation.jobs.ts); manual runs go through it too.
  const engine = strategyEngineFor(platform, app.log);
  const strategies = new StrategyService(engine);
  const groups = new GroupService();
  const I = '/wfpe/v1/:tenantId/intelligent';

  addRoute(app, platform, {
    method: 'GET',
    url: `${I}/strategy`,
    access: S.view,
    summary: 'Strategies (name contains, enabledFlag), newest first, with their last run',
    schema: { params: tenantParam, querystring: strategyListQuery, response: { 200: strategyPage } },
    handler: (ctx, req) => strategies.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${I}/strategy/:id`,
    access: S.view,
    summary: 'One strategy',
    schema: { params: automationIdParam, response: { 200: strategy } },
    handler: (ctx, req) => strategies.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${I}/strategy`,
    access: S.create,
    summary:
      'Adds a strategy: trigger (schedule | condition), guards (noRainToday | timeWindow), action on a device or control group; needs the control code of the targets',
    schema: { params: tenantParam, body: strategyCreateBody, response: { 200: strategy } },
    handler: (ctx, req) => strategies.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${I}/strategy`,
    access: S.edit,
    summary: 'Edits a strategy (id and objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: strategyUpdateBody, response: { 200: strategy } },
    handler: (ctx, req) => strategies.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${I}/strategy/:id/enabled`,
    access: S.edit,
    summary: 'Enables (1) or disables (0) a strategy',
    schema: { params: automationIdParam, body: strategyEnableBody, response: { 200: strategy } },
    handler: (ctx, req) => strategies.enable(ctx, req.params.id, req.body.enabledFlag),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${I}/strategy/:id/run`,
    access: S.run,
    summary: 'Runs the action now (guards apply unless force); returns the logged run',
    schema: { params: automationIdParam, body: strategyRunBody, response: { 200: strategyRun } },
    handler: (ctx, req) => strategies.runNow(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${I}/strategy/:id/runs`,
    access: S.view,
    summary:
      'What a strategy did: fired (command ids), skipped (guard), failed (error), stopped; newest first',
    schema: { params: automationIdParam, querystring: strategyRunQuery, response: { 200: strategyRunPage } },
    handler: (ctx, req) => strategies.runs(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${I}/strategy/:id`,
    access: S.delete,
    summary: 'Deletes a strategy and its run log',
    schema: { params: automationIdParam, response: { 200: okResult } },
    handler: (ctx, req) => strategies.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${I}/group`,
    access: [...anyGroupAccess('view'), S.view],
    summary: 'Groups of a kind (control: intelligentControl/group; device: /device-group) with members',
    schema: { params: tenantParam, querystring: groupListQuery, response: { 200: deviceGroupPage } },
    handler: (ctx, req) => groups.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${I}/group/:id`,
    access: anyGroupAccess('view'),
    summary: 'One group with its members',
    schema: { params: automationIdParam, response: { 200: deviceGroup } },
    handler: (ctx, req) => groups.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${I}/group`,
    access: anyGroupAccess('create'),
    summary:
      'Adds a group; members are devices of the tenant (control groups: actuators, optionally one channel)',
    schema: { params: tenantParam, body: groupCreateBody, response: { 200: deviceGroup } },
    handler: (ctx, req) => groups.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${I}/group`,
    access: anyGroupAccess('edit'),
    summary: 'Edits a group (id and objectVersionNumber; members given replace the members)',
    schema: { params: tenantParam, body: groupUpdateBody, response: { 200: deviceGroup } },
    handler: (ctx, req) => groups.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${I}/group/:id/members`,
    access: anyGroupAccess('edit'),
    summary: "Replaces a group's members",
    schema: { params: automationIdParam, body: groupMembersBody, response: { 200: deviceGroup } },
    handler: (ctx, req) => groups.setMembers(ctx, req.params.id, req.body.members),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${I}/group/:id`,
    access: anyGroupAccess('delete'),
    summary: 'Deletes a group no strategy targets (409 otherwise)',
    schema: { params: automationIdParam, response: { 200: okResult } },
    handler: (ctx, req) => groups.remove(ctx, req.params.id),
  });
};
