import { approvalUserPage, approvalUserQuery } from '@tilth/contracts';
import { tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { PEOPLE_ACCESS, PeopleService } from './people.service.js';

// docs/api.md "Approvals": the colleague picker of transfer, add signer and delegation.

export const registerPeopleRoutes = (app: App, platform: Platform): void => {
  const people = new PeopleService();
  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/approval-users',
    access: PEOPLE_ACCESS,
    summary: 'Active members of the tenant by name or login (id, name, login only), for approvers to pick',
    schema: { params: tenantParam, querystring: approvalUserQuery, response: { 200: approvalUserPage } },
    handler: (ctx, req) => people.list(ctx, req.query),
  });
};
