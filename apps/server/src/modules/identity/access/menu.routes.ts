import { tenantParam } from '@tilth/contracts/common.types';
import {
  checkResourcesAnswer,
  checkResourcesBody,
  menuRoleQuery,
  menuScopeQuery,
  menuTree,
  permissionCodeList,
  subModuleList,
} from '@tilth/contracts/menu.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { MenuService } from './menu.service.js';

const tenantQuery = menuScopeQuery.pick({ tenantId: true });

export const registerMenuRoutes = (app: App, platform: Platform): void => {
  const menus = new MenuService(platform.database);

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/v1/:tenantId/sub-module',
    access: 'authenticated',
    summary: 'All modules of the tenant (farm, inventory, company)',
    schema: { params: tenantParam, response: { 200: subModuleList } },
    handler: async (ctx) => menus.subModules(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/v1/:tenantId/sub-module/self',
    access: 'authenticated',
    summary: 'Modules in which the caller holds at least one permission',
    schema: { params: tenantParam, response: { 200: subModuleList } },
    handler: async (ctx) => menus.selfSubModules(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/menus/role',
    access: 'authenticated',
    summary: "The caller's menu in their current tenant: one root per module, the menu in its subMenus",
    schema: { querystring: menuRoleQuery, response: { 200: menuTree } },
    handler: (ctx, req) => menus.menus(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/menus/tree',
    access: 'authenticated',
    summary: 'Same tree as /menus/role (all modules when subModule is omitted)',
    schema: { querystring: menuRoleQuery, response: { 200: menuTree } },
    handler: (ctx, req) => menus.menus(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/iam/stong/v1/menus/check-resources',
    access: 'authenticated',
    summary: 'Which of the given permission codes (at most 200) the caller holds in their current tenant',
    schema: { querystring: tenantQuery, body: checkResourcesBody, response: { 200: checkResourcesAnswer } },
    handler: (ctx, req) => menus.checkResources(ctx, req.body, req.query.tenantId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/iam/stong/v1/menus/permissions',
    access: 'authenticated',
    summary: 'Permission codes the caller holds in their current tenant, optionally of one module',
    schema: { querystring: menuScopeQuery, response: { 200: permissionCodeList } },
    handler: (ctx, req) => menus.permissions(ctx, req.query),
  });
};
