import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  corporation,
  corporationCreateBody,
  corporationIdParam,
  corporationListQuery,
  corporationPage,
  corporationUpdateBody,
} from '@tilth/contracts/corporation.types';
import {
  orgIdParam,
  orgMemberList,
  orgMembersBody,
  orgTree,
  orgTreeNode,
  orgUnitCreateBody,
  orgUnitMoveBody,
  orgUnitUpdateBody,
  orgUserParam,
  userUnitList,
  userUnitsBody,
} from '@tilth/contracts/organization.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CORPORATION_ACCESS, CorporationService } from './corporation.service.js';
import { ORG_ACCESS, OrganizationService } from './organization.service.js';

export const registerOrganizationRoutes = (app: App, platform: Platform): void => {
  const org = new OrganizationService();
  const corps = new CorporationService();
  const unit = '/wfpf/v1/:tenantId/organization';

  addRoute(app, platform, {
    method: 'GET',
    url: `${unit}/tree`,
    access: ORG_ACCESS.read,
    summary: "The tenant's organisation tree from its enterprise root (heads, staff counts, children)",
    schema: { params: tenantParam, response: { 200: orgTree } },
    handler: (ctx) => org.tree(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: unit,
    access: ORG_ACCESS.create,
    summary: 'Adds a company, base or department under a parent (spec 03 §5 placement rules)',
    schema: { params: tenantParam, body: orgUnitCreateBody, response: { 200: orgTreeNode } },
    handler: (ctx, req) => org.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: unit,
    access: ORG_ACCESS.edit,
    summary: 'Renames a unit, sets its head (a member of the tenant) and sort',
    schema: { params: tenantParam, body: orgUnitUpdateBody, response: { 200: orgTreeNode } },
    handler: (ctx, req) => org.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${unit}/move`,
    access: ORG_ACCESS.edit,
    summary: 'Moves a unit under another parent (never under itself or a descendant)',
    schema: { params: tenantParam, body: orgUnitMoveBody, response: { 200: orgTreeNode } },
    handler: (ctx, req) => org.move(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${unit}/candidates`,
    access: ORG_ACCESS.read,
    summary: 'Members of the tenant, to pick heads and staff from',
    schema: { params: tenantParam, response: { 200: orgMemberList } },
    handler: (ctx) => org.candidates(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${unit}/user-units/:userId`,
    access: ORG_ACCESS.read,
    summary: 'The units a member of the tenant is staff of',
    schema: { params: orgUserParam, response: { 200: userUnitList } },
    handler: (ctx, req) => org.userUnits(ctx, req.params.userId),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${unit}/user-units/:userId`,
    access: ORG_ACCESS.edit,
    summary: 'Replaces the units a member is staff of (not the enterprise); body {unitIds}',
    schema: { params: orgUserParam, body: userUnitsBody, response: { 200: userUnitList } },
    handler: (ctx, req) => org.setUserUnits(ctx, req.params.userId, req.body.unitIds),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${unit}/:id`,
    access: ORG_ACCESS.delete,
    summary: 'Deletes a unit; refused with the reason while it has children, staff or (a base) plots',
    schema: { params: orgIdParam, response: { 200: okResult } },
    handler: (ctx, req) => org.remove(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${unit}/:id/members`,
    access: ORG_ACCESS.read,
    summary: 'Staff of a unit',
    schema: { params: orgIdParam, response: { 200: orgMemberList } },
    handler: (ctx, req) => org.members(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${unit}/:id/members`,
    access: ORG_ACCESS.edit,
    summary: 'Replaces the staff of a unit (members of the tenant only; none on the enterprise)',
    schema: { params: orgIdParam, body: orgMembersBody, response: { 200: orgMemberList } },
    handler: (ctx, req) => org.setMembers(ctx, req.params.id, req.body.userIds),
  });

  const corp = '/wfpf/v1/:tenantId/corporation';
  addRoute(app, platform, {
    method: 'GET',
    url: corp,
    access: CORPORATION_ACCESS.read,
    summary: 'Companies of the tenant with their legal data (page, size, name contains)',
    schema: { params: tenantParam, querystring: corporationListQuery, response: { 200: corporationPage } },
    handler: (ctx, req) => corps.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${corp}/:id`,
    access: CORPORATION_ACCESS.read,
    summary: 'One company',
    schema: { params: corporationIdParam, response: { 200: corporation } },
    handler: (ctx, req) => corps.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: corp,
    access: CORPORATION_ACCESS.create,
    summary: 'Adds a company unit under a parent with its legal data (credit code checked, GB 32100-2015)',
    schema: { params: tenantParam, body: corporationCreateBody, response: { 200: corporation } },
    handler: (ctx, req) => corps.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: corp,
    access: CORPORATION_ACCESS.edit,
    summary: 'Edits a company (id and objectVersionNumber required)',
    schema: { params: tenantParam, body: corporationUpdateBody, response: { 200: corporation } },
    handler: (ctx, req) => corps.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${corp}/:id`,
    access: CORPORATION_ACCESS.delete,
    summary: 'Deletes a company; refused like a unit (children, staff) with the reason',
    schema: { params: corporationIdParam, response: { 200: okResult } },
    handler: (ctx, req) => corps.remove(ctx, req.params.id),
  });
};
