import {
  alarm,
  alarmAckBody,
  alarmBulkAckBody,
  alarmBulkAckResult,
  alarmIdParam,
  alarmListQuery,
  alarmPage,
  alarmRule,
  alarmRuleCreateBody,
  alarmRuleEnableBody,
  alarmRuleListQuery,
  alarmRulePage,
  alarmRuleUpdateBody,
  alarmStaff,
  alarmStaffCreateBody,
  alarmStaffListQuery,
  alarmStaffPage,
  alarmStaffUpdateBody,
  alarmStaffUsers,
  alarmSummary,
} from '@tilth/contracts/alarm.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { alarmEvaluatorFor } from './alarm.jobs.js';
import { ALARM_ACCESS, AlarmService } from './alarm.service.js';
import { AlarmStaffService } from './alarm-staff.service.js';

export const registerAlarmRoutes = (app: App, platform: Platform): void => {
  // The evaluator the alarm jobs feed (alarm.jobs.ts): rule changes invalidate its cache.
  const evaluator = alarmEvaluatorFor(platform, app.log);
  const alarms = new AlarmService((tenantId) => evaluator.invalidate(tenantId));
  const staff = new AlarmStaffService();
  const W = '/wfpe/v1/:tenantId/warning';

  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/rule`,
    access: ALARM_ACCESS.manage,
    summary: 'Alarm rules (name contains, kind, severity, enabledFlag, deviceId, typeKey), newest first',
    schema: { params: tenantParam, querystring: alarmRuleListQuery, response: { 200: alarmRulePage } },
    handler: (ctx, req) => alarms.listRules(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/rule/:id`,
    access: ALARM_ACCESS.manage,
    summary: 'One alarm rule',
    schema: { params: alarmIdParam, response: { 200: alarmRule } },
    handler: (ctx, req) => alarms.getRule(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${W}/rule`,
    access: ALARM_ACCESS.ruleCreate,
    summary: 'Adds a rule: threshold (metric of the type, op, threshold in range, lasts N min) or offline',
    schema: { params: tenantParam, body: alarmRuleCreateBody, response: { 200: alarmRule } },
    handler: (ctx, req) => alarms.createRule(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${W}/rule`,
    access: ALARM_ACCESS.ruleEdit,
    summary: 'Edits a rule (id and objectVersionNumber; stale → 409); its breach timers restart',
    schema: { params: tenantParam, body: alarmRuleUpdateBody, response: { 200: alarmRule } },
    handler: (ctx, req) => alarms.updateRule(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${W}/rule/:id/enabled`,
    access: ALARM_ACCESS.ruleEdit,
    summary: 'Enables (1) or disables (0) a rule',
    schema: { params: alarmIdParam, body: alarmRuleEnableBody, response: { 200: alarmRule } },
    handler: (ctx, req) => alarms.enableRule(ctx, req.params.id, req.body.enabledFlag),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${W}/rule/:id`,
    access: ALARM_ACCESS.ruleDelete,
    summary: 'Deletes a rule; the alarms it raised stay in the history',
    schema: { params: alarmIdParam, response: { 200: okResult } },
    handler: (ctx, req) => alarms.deleteRule(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/alarm`,
    access: [ALARM_ACCESS.manage, ALARM_ACCESS.machinery],
    summary: 'Alarms, active first then newest (state, acknowledged 0|1, severity, device, type, rule, time)',
    schema: { params: tenantParam, querystring: alarmListQuery, response: { 200: alarmPage } },
    handler: (ctx, req) => alarms.listAlarms(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/alarm/summary`,
    access: ALARM_ACCESS.manage,
    summary: 'Counts of active and unacknowledged alarms',
    schema: { params: tenantParam, response: { 200: alarmSummary } },
    handler: (ctx) => alarms.summary(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/alarm/:id`,
    access: ALARM_ACCESS.manage,
    summary: 'One alarm',
    schema: { params: alarmIdParam, response: { 200: alarm } },
    handler: (ctx, req) => alarms.getAlarm(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${W}/alarm/:id/ack`,
    access: ALARM_ACCESS.ack,
    summary:
      'Acknowledges an active or cleared alarm with an optional note (the first acknowledgement stays)',
    schema: { params: alarmIdParam, body: alarmAckBody, response: { 200: alarm } },
    handler: (ctx, req) => alarms.ack(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${W}/alarm/ack`,
    access: ALARM_ACCESS.ack,
    summary: 'Acknowledges several alarms; returns how many were newly acknowledged',
    schema: { params: tenantParam, body: alarmBulkAckBody, response: { 200: alarmBulkAckResult } },
    handler: (ctx, req) => alarms.bulkAck(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/staff`,
    access: [ALARM_ACCESS.staff, ALARM_ACCESS.manage],
    summary: 'Alarm contacts by name (size=0: all, for the rule form)',
    schema: { params: tenantParam, querystring: alarmStaffListQuery, response: { 200: alarmStaffPage } },
    handler: (ctx, req) => staff.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${W}/staff/candidate-users`,
    access: [ALARM_ACCESS.staffCreate, ALARM_ACCESS.staffEdit],
    summary: 'Members of the tenant a contact can be linked to',
    schema: { params: tenantParam, response: { 200: alarmStaffUsers } },
    handler: (ctx) => staff.candidates(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${W}/staff`,
    access: ALARM_ACCESS.staffCreate,
    summary: 'Adds a contact: a member (in-app) and/or a phone (SMS), minimum severity; names are unique',
    schema: { params: tenantParam, body: alarmStaffCreateBody, response: { 200: alarmStaff } },
    handler: (ctx, req) => staff.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${W}/staff`,
    access: ALARM_ACCESS.staffEdit,
    summary: 'Edits a contact (id and objectVersionNumber; stale → 409)',
    schema: { params: tenantParam, body: alarmStaffUpdateBody, response: { 200: alarmStaff } },
    handler: (ctx, req) => staff.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${W}/staff/:id`,
    access: ALARM_ACCESS.staffDelete,
    summary: 'Deletes a contact; rules naming it stop notifying it',
    schema: { params: alarmIdParam, response: { 200: okResult } },
    handler: (ctx, req) => staff.remove(ctx, req.params.id),
  });
};
