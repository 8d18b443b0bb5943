import { bindingBody, bindingItem } from '@tilth/contracts';
import { tenantParam } from '@tilth/contracts/common.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { BINDING_ACCESS, BindingService } from './binding.service.js';

// Approval settings (inventory/config/audit): docs/api.md "Approvals".

const bindingList = z.array(bindingItem);

export const registerBindingRoutes = (app: App, platform: Platform): void => {
  const bindings = new BindingService();
  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/approval-bindings',
    access: BINDING_ACCESS,
    summary: 'Every document type that may wait for approval, with its bound flow (or none) and registered',
    schema: { params: tenantParam, response: { 200: bindingList } },
    handler: (ctx) => bindings.list(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/approval-bindings',
    access: BINDING_ACCESS,
    summary:
      'Binds a document type to an enabled flow of that type (400 bindingDisabled otherwise), or unbinds it (null)',
    schema: { params: tenantParam, body: bindingBody, response: { 200: bindingList } },
    handler: (ctx, req) => bindings.update(ctx, req.body),
  });
};
