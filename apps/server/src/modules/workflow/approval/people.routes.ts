import { approvalPreview, approvalPreviewBody, approvalUserPage, approvalUserQuery } from '@tilth/contracts';
import { tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { PEOPLE_ACCESS, PeopleService } from './people.service.js';
import { PreviewService } from './preview.service.js';

// docs/api.md "Approvals": the colleague picker of transfer, add signer, delegation and the applicant's
// choice at submit, and the route preview a form shows before it submits.

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
  const previews = new PreviewService();
  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/approval-process/preview',
    access: PEOPLE_ACCESS,
    summary:
      'The steps a document of docType with these condition fields would go through if submitted now (bound false: approved at once); choose marks steps whose approvers the applicant picks',
    schema: { params: tenantParam, body: approvalPreviewBody, response: { 200: approvalPreview } },
    handler: (ctx, req) => previews.preview(ctx, req.body),
  });
};
