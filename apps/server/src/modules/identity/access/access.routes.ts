import {
  assignRolesRequest,
  copyRoleRequest,
  createRoleRequest,
  memberList,
  memberView,
  permissionCatalogue,
  roleList,
  roleView,
  successResponse,
  tenantIdParam,
  tenantParam,
  updateRoleRequest,
  userIdParam,
} from '@tilth/contracts';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { AccessService } from './access.service.js';

export const registerAccessRoutes = (app: App, platform: Platform): void => {
  const svc = new AccessService();
  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/v1/:tenantId/permissions',
    access: 'authenticated',
    summary: 'The permission catalogue, names in the caller’s language',
    schema: { params: tenantParam, response: { 200: permissionCatalogue } },
    handler: async (ctx) => svc.permissionCatalogue(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/v1/:tenantId/roles',
    access: 'wfpf.company.system.role',
    summary: 'Roles of the tenant with their permission codes and holder counts',
    schema: { params: tenantParam, response: { 200: roleList } },
    handler: async (ctx) => svc.listRoles(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/iam/v1/:tenantId/roles',
    access: 'wfpf.company.system.role.ps.create',
    summary: 'Create a role',
    schema: { params: tenantParam, body: createRoleRequest, response: { 200: roleView } },
    handler: async (ctx, req) => svc.createRole(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: '/iam/v1/:tenantId/roles/:id/copy',
    access: 'wfpf.company.system.role.ps.create',
    summary: 'A new role with the permission codes of role {id}, under a new code and names',
    schema: { params: tenantIdParam, body: copyRoleRequest, response: { 200: roleView } },
    handler: async (ctx, req) => svc.copyRole(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/v1/:tenantId/roles',
    access: 'wfpf.company.system.role.ps.edit',
    summary: 'Rename a role and set its permission codes',
    schema: { params: tenantParam, body: updateRoleRequest, response: { 200: roleView } },
    handler: async (ctx, req) => svc.updateRole(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: '/iam/v1/:tenantId/roles/:id',
    access: 'wfpf.company.system.role.ps.delete',
    summary: 'Delete a role that is not built in and that nobody holds (the refusal names up to 5 holders)',
    schema: { params: tenantIdParam, response: { 200: successResponse } },
    handler: async (ctx, req) => svc.deleteRole(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/v1/:tenantId/members',
    access: ['wfpf.company.system.user-manage', 'wfpf.company.system.role.ps.assign'],
    summary: 'Members of the tenant and their roles',
    schema: { params: tenantParam, response: { 200: memberList } },
    handler: async (ctx) => svc.listMembers(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/iam/v1/:tenantId/members/:userId/roles',
    access: 'wfpf.company.system.role.ps.assign',
    summary: 'Set the roles a member holds in this tenant',
    schema: { params: userIdParam, body: assignRolesRequest, response: { 200: memberView } },
    handler: async (ctx, req) => svc.assignRoles(ctx, req.params.userId, req.body.roleIds),
  });
};
