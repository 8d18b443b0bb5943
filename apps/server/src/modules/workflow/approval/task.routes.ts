import {
  actionResult,
  addSignerBody,
  approvalCounts,
  approvalProcessQuery,
  approvalTaskPage,
  approvalTaskQuery,
  approveBody,
  businessData,
  businessDataQuery,
  businessType,
  delegation,
  delegationCreateBody,
  delegationPage,
  okResult,
  pageQuery,
  processActionBody,
  processDetail,
  rejectBody,
  tenantIdParam,
  tenantParam,
  transferBody,
} from '@tilth/contracts';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { DelegationService } from './delegation.service.js';
import { ProcessService } from './process.service.js';
import { APPROVAL_BELL, TaskService } from './task.service.js';

/**
 * The approval centre under /wfpf/v1/{t}: the spec's calls (spec 01 §7) and ours (docs/api.md "Approvals").
 * Every route needs only the bell code; the services decide by the caller's part in the process.
 */
export const registerApprovalTaskRoutes = (app: App, platform: Platform): void => {
  const base = '/wfpf/v1/:tenantId';
  const task = `${base}/approval-task`;
  const proc = `${base}/approval-process`;

  addRoute(app, platform, {
    method: 'GET',
    url: `${task}/query/page`,
    access: APPROVAL_BELL,
    summary: 'My approvals (taskType approval) or copies to me (carbon_copy), newest first',
    schema: { params: tenantParam, querystring: approvalTaskQuery, response: { 200: approvalTaskPage } },
    handler: async (ctx, req) => ProcessService.taskPage(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${proc}/query/page`,
    access: APPROVAL_BELL,
    summary: 'Processes I submitted, newest first',
    schema: { params: tenantParam, querystring: approvalProcessQuery, response: { 200: approvalTaskPage } },
    handler: async (ctx, req) => ProcessService.processPage(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${task}/query/counts`,
    access: APPROVAL_BELL,
    summary: 'The bell: my approvals to decide and copies not read',
    schema: { params: tenantParam, response: { 200: approvalCounts } },
    handler: async (ctx) => ProcessService.counts(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${task}/query/business/list`,
    access: APPROVAL_BELL,
    summary: 'The document types that can wait for approval, with their condition fields',
    schema: { params: tenantParam, response: { 200: z.array(businessType) } },
    handler: async (ctx) => ProcessService.businessList(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${task}/query/business/data`,
    access: APPROVAL_BELL,
    summary: 'The document of a process I take part in, and its console page',
    schema: { params: tenantParam, querystring: businessDataQuery, response: { 200: businessData } },
    handler: async (ctx, req) => ProcessService.businessData(ctx, req.query.processId),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${task}/approve/:id`,
    access: APPROVAL_BELL,
    summary: 'Approve my pending task (comment ≤ 200)',
    schema: { params: tenantIdParam, body: approveBody, response: { 200: actionResult } },
    handler: async (ctx, req) => TaskService.approve(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${task}/reject/:id`,
    access: APPROVAL_BELL,
    summary: 'Reject my pending task: to the applicant, the previous step or node:<id> of an earlier one',
    schema: { params: tenantIdParam, body: rejectBody, response: { 200: actionResult } },
    handler: async (ctx, req) => TaskService.reject(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${task}/transfer/:id`,
    access: APPROVAL_BELL,
    summary: 'Hand my pending task to another active member',
    schema: { params: tenantIdParam, body: transferBody, response: { 200: actionResult } },
    handler: async (ctx, req) => TaskService.transfer(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${task}/add-signer/:id`,
    access: APPROVAL_BELL,
    summary: 'Add signers before me (they decide first) or after me (I approve now)',
    schema: { params: tenantIdParam, body: addSignerBody, response: { 200: actionResult } },
    handler: async (ctx, req) => TaskService.addSigner(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${task}/read/:id`,
    access: APPROVAL_BELL,
    summary: 'Mark a copy to me read',
    schema: { params: tenantIdParam, response: { 200: actionResult } },
    handler: async (ctx, req) => TaskService.read(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${proc}/:id`,
    access: APPROVAL_BELL,
    summary: 'One process: steps, tasks, timeline, my open task and what I may do',
    schema: { params: tenantIdParam, response: { 200: processDetail } },
    handler: async (ctx, req) => ProcessService.detail(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${proc}/withdraw/:id`,
    access: APPROVAL_BELL,
    summary: 'Withdraw my process before anyone decided',
    schema: { params: tenantIdParam, body: processActionBody, response: { 200: actionResult } },
    handler: async (ctx, req) => ProcessService.withdraw(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${proc}/remind/:id`,
    access: APPROVAL_BELL,
    summary: 'Remind the current approvers of my process (once per 10 minutes)',
    schema: { params: tenantIdParam, body: processActionBody, response: { 200: actionResult } },
    handler: async (ctx, req) => ProcessService.remind(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/approval-delegations`,
    access: APPROVAL_BELL,
    summary: 'My delegations while away',
    schema: { params: tenantParam, querystring: pageQuery, response: { 200: delegationPage } },
    handler: async (ctx, req) => DelegationService.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/approval-delegations`,
    access: APPROVAL_BELL,
    summary: 'Delegate my new tasks to another member between two moments',
    schema: { params: tenantParam, body: delegationCreateBody, response: { 200: delegation } },
    handler: async (ctx, req) => DelegationService.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/approval-delegations/:id`,
    access: APPROVAL_BELL,
    summary: 'Delete one of my delegations',
    schema: { params: tenantIdParam, response: { 200: okResult } },
    handler: async (ctx, req) => DelegationService.remove(ctx, req.params.id),
  });
};
