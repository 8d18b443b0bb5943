import {
  approvalTaskPage,
  businessType,
  definitionCreateBody,
  definitionDetail,
  definitionItem,
  definitionPage,
  definitionProcessQuery,
  definitionQuery,
  definitionUpdateBody,
  definitionVersion,
  definitionVersionParam,
  modelIssues,
  validateBody,
  versionBody,
} from '@tilth/contracts';
import { okResult, tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { DEFINITION_ACCESS, DefinitionService, VALIDATE_ACCESS } from './definition.service.js';
import { ProcessService } from './process.service.js';

// Answers carry a model unchecked: its schema trims step names (a transform), which an answer cannot be
// encoded through (fastify-type-provider-zod encodes responses); it was checked when it was stored.
const storedModel = z.object({ node: z.unknown().optional() });
const detailOut = definitionDetail.extend({ model: storedModel });
const versionOut = definitionVersion.extend({ model: storedModel });

/** The flow designer's definitions under /wfpf/v1/{t}/approval-definitions (docs/api.md "Approvals"). */
export const registerDefinitionRoutes = (app: App, platform: Platform): void => {
  const defs = new DefinitionService();
  const base = '/wfpf/v1/:tenantId/approval-definitions';
  const A = DEFINITION_ACCESS;

  addRoute(app, platform, {
    method: 'GET',
    url: base,
    access: A.read,
    summary: 'Approval flows with their processes in approval; filter by name, document type, enabled',
    schema: { params: tenantParam, querystring: definitionQuery, response: { 200: definitionPage } },
    handler: async (ctx, req) => defs.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/doc-types`,
    access: A.read,
    summary: 'Document types a flow may be made for, with the fields its conditions may test',
    schema: { params: tenantParam, response: { 200: z.array(businessType) } },
    handler: async (ctx) => defs.docTypes(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id`,
    access: A.read,
    summary: 'One flow: its current model and every version with running / ended process counts',
    schema: { params: tenantIdParam, response: { 200: detailOut } },
    handler: async (ctx, req) => defs.detail(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/versions/:version`,
    access: A.read,
    summary: 'The model of one saved version of a flow',
    schema: {
      params: tenantIdParam.extend(definitionVersionParam.shape),
      response: { 200: versionOut },
    },
    handler: async (ctx, req) => defs.version(ctx, req.params.id, req.params.version),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/processes`,
    access: A.read,
    summary: "A flow's processes (one version's or all), by state, newest first: the info page's list",
    schema: {
      params: tenantIdParam,
      querystring: definitionProcessQuery,
      response: { 200: approvalTaskPage },
    },
    handler: async (ctx, req) => ProcessService.flowProcesses(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: base,
    access: A.create,
    summary: 'Create a flow (version 1, disabled)',
    schema: { params: tenantParam, body: definitionCreateBody, response: { 200: detailOut } },
    handler: async (ctx, req) => defs.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: base,
    access: A.edit,
    summary: 'Save a disabled flow; a changed model becomes a new version (409 while enabled)',
    schema: { params: tenantParam, body: definitionUpdateBody, response: { 200: detailOut } },
    handler: async (ctx, req) => defs.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/validate`,
    access: VALIDATE_ACCESS,
    summary: "Check a model for a document type (the designer's live check); issues in the caller's language",
    schema: { params: tenantParam, body: validateBody, response: { 200: modelIssues } },
    handler: async (ctx, req) => defs.validate(ctx, req.body.docType, req.body.model),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/copy`,
    access: A.create,
    summary: "A disabled copy of a flow's current model, named '… (copy)'",
    schema: { params: tenantIdParam, response: { 200: detailOut } },
    handler: async (ctx, req) => defs.copy(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${base}/:id/enable`,
    access: A.edit,
    summary: 'Enable a flow (400 naming the issues when its model is not valid)',
    schema: { params: tenantIdParam, body: versionBody, response: { 200: definitionItem } },
    handler: async (ctx, req) => defs.setEnabled(ctx, req.params.id, true, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${base}/:id/disable`,
    access: A.edit,
    summary: 'Disable a flow; running processes keep their version and go on',
    schema: { params: tenantIdParam, body: versionBody, response: { 200: definitionItem } },
    handler: async (ctx, req) => defs.setEnabled(ctx, req.params.id, false, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: A.delete,
    summary: 'Delete a flow and its versions (409 saying where while bound or in approval)',
    schema: { params: tenantIdParam, response: { 200: okResult } },
    handler: async (ctx, req) => defs.remove(ctx, req.params.id),
  });
};
