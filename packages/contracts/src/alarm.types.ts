import { z } from 'zod';
import {
  blankAsUnset,
  flag01,
  bodyId as id,
  nonBlank,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  tenantIdParam,
  updateBodyOf,
} from './common.types.js';

// Alarms (equipment/warning-manage) and alarm contacts (equipment/warning-staff). Paths:
// /wfpe/v1/{t}/warning/rule…, /warning/alarm…, /warning/staff…

export const ALARM_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
export const ALARM_OPS = ['gt', 'gte', 'lt', 'lte'] as const;
export type AlarmOp = (typeof ALARM_OPS)[number];
export const ALARM_RULE_KINDS = ['threshold', 'offline'] as const;
export type AlarmRuleKind = (typeof ALARM_RULE_KINDS)[number];
export const ALARM_STATES = ['active', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** "Lasts N minutes": 0 raises at once, at most a day. */
export const ALARM_DURATION_MAX_MIN = 1440;
export const ALARM_RULE_NAME_MAX = 50;
export const ALARM_STAFF_NAME_MAX = 30;
export const ALARM_ACK_NOTE_MAX = 200;
export const ALARM_RULE_STAFF_MAX = 50;
export const ALARM_BULK_ACK_MAX = 500;

/** Severity order, for a contact's minimum severity. */
export const severityRank = (s: AlarmSeverity): number => ALARM_SEVERITIES.indexOf(s);

/** Does `value op threshold` hold? */
export const compareOp = (op: AlarmOp, value: number, threshold: number): boolean => {
  switch (op) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
};

export const OP_SYMBOL: Readonly<Record<AlarmOp, string>> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

const typeKey = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, { error: 'typeKey: not a device type key' });
const metricKey = z.string().regex(/^[a-z][A-Za-z0-9]{0,31}$/, { error: 'metric: not a metric key' });
const finite = z.number().min(-1e12).max(1e12);

const ruleFields = {
  name: nonBlank(ALARM_RULE_NAME_MAX),
  kind: z.enum(ALARM_RULE_KINDS).default('threshold'),
  /** One device; or null with typeKey for every device of that type. */
  deviceId: id.nullable().optional(),
  typeKey: typeKey.nullable().optional(),
  /** Threshold rules: a metric of the type (registry), op and a threshold within the metric's range. */
  metric: metricKey.nullable().optional(),
  op: z.enum(ALARM_OPS).nullable().optional(),
  threshold: finite.nullable().optional(),
  durationMin: z.number().int().min(0).max(ALARM_DURATION_MAX_MIN).default(0),
  severity: z.enum(ALARM_SEVERITIES).default('warning'),
  enabledFlag: flag01.default(1),
  /** Alarm contacts (warning-staff ids) notified when the rule raises. */
  staffIds: z.array(id).max(ALARM_RULE_STAFF_MAX).default([]),
};

type RuleShape = {
  kind: AlarmRuleKind;
  deviceId?: number | null | undefined;
  typeKey?: string | null | undefined;
  metric?: string | null | undefined;
  op?: AlarmOp | null | undefined;
  threshold?: number | null | undefined;
};

/** The checks that need no database: a target, and for threshold rules metric, op and threshold. */
const checkRule = (r: RuleShape, ctx: z.RefinementCtx): void => {
  if (r.deviceId == null && r.typeKey == null)
    ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'deviceId or typeKey is required' });
  if (r.kind === 'threshold') {
    for (const k of ['metric', 'op', 'threshold'] as const)
      if (r[k] == null)
        ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required for a threshold rule` });
  }
};

export const alarmRuleCreateBody = z.strictObject(ruleFields).superRefine(checkRule);
export type AlarmRuleCreateBody = z.infer<typeof alarmRuleCreateBody>;

const alarmRuleUpdateFields = z
  .strictObject({ id, objectVersionNumber, ...ruleFields })
  .superRefine(checkRule);
export type AlarmRuleUpdateBody = z.infer<typeof alarmRuleUpdateBody>;

export const alarmRuleEnableBody = z.strictObject({ enabledFlag: flag01 });
export type AlarmRuleEnableBody = z.infer<typeof alarmRuleEnableBody>;

export const alarmRuleListQuery = pageQuery.extend({
  name: z
    .string()
    .max(ALARM_RULE_NAME_MAX * 2)
    .optional(),
  kind: blankAsUnset(z.enum(ALARM_RULE_KINDS)),
  severity: blankAsUnset(z.enum(ALARM_SEVERITIES)),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
  deviceId: blankAsUnset(queryId),
  typeKey: blankAsUnset(typeKey),
});
export type AlarmRuleListQuery = z.infer<typeof alarmRuleListQuery>;

export const alarmRule = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ALARM_RULE_KINDS),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  typeKey: z.string().nullable(),
  metric: z.string().nullable(),
  /** The metric's unit from the registry ('' for counts and flags). */
  unit: z.string().nullable(),
  op: z.enum(ALARM_OPS).nullable(),
  threshold: z.number().nullable(),
  durationMin: z.number().int(),
  severity: z.enum(ALARM_SEVERITIES),
  enabledFlag: flag01,
  staffIds: z.array(z.number().int()),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type AlarmRule = z.infer<typeof alarmRule>;
export const alarmRulePage = pageOf(alarmRule);

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or ISO-8601; read in the tenant's time zone when it has no offset. */
export const alarmTime = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
    error: 'not a date or time',
  });

export const alarmListQuery = pageQuery.extend({
  state: blankAsUnset(z.enum(ALARM_STATES)),
  acknowledged: blankAsUnset(z.coerce.number().int().min(0).max(1)),
  severity: blankAsUnset(z.enum(ALARM_SEVERITIES)),
  deviceId: blankAsUnset(queryId),
  typeKey: blankAsUnset(typeKey),
  ruleId: blankAsUnset(queryId),
  /** Raised at or after. */
  startTime: blankAsUnset(alarmTime),
  /** Raised at or before (a bare date: the end of that day). */
  endTime: blankAsUnset(alarmTime),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarm = z.object({
  id: z.number().int(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  typeKey: z.string().nullable(),
  kind: z.enum(ALARM_RULE_KINDS),
  metric: z.string().nullable(),
  unit: z.string().nullable(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  op: z.enum(ALARM_OPS).nullable(),
  severity: z.enum(ALARM_SEVERITIES),
  state: z.enum(ALARM_STATES),
  message: z.string(),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
  ackNote: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarm>;
export const alarmPage = pageOf(alarm);

const ackNote = z
  .string()
  .max(ALARM_ACK_NOTE_MAX * 4)
  .transform((s) => s.trim())
  .pipe(z.string().max(ALARM_ACK_NOTE_MAX))
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .optional();

export const alarmAckBody = z.strictObject({ note: ackNote });
export type AlarmAckBody = z.infer<typeof alarmAckBody>;
export const alarmBulkAckBody = z.strictObject({
  ids: z.array(id).min(1).max(ALARM_BULK_ACK_MAX),
  note: ackNote,
});
export type AlarmBulkAckBody = z.infer<typeof alarmBulkAckBody>;
export const alarmBulkAckResult = z.object({ acknowledged: z.number().int() });

/** Counts for the page header and badges. */
export const alarmSummary = z.object({
  active: z.number().int(),
  unacknowledged: z.number().int(),
  activeBySeverity: z.object({
    info: z.number().int(),
    warning: z.number().int(),
    critical: z.number().int(),
  }),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;

export const alarmIdParam = tenantIdParam;

// Contacts (warning-staff).

/** 11 digits starting with 1 (spec 01 §5); '' or null means none. */
const staffPhone = z
  .string()
  .max(40)
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^(?:1\d{10})?$/, { error: 'phone: 11 digits starting with 1' }))
  .transform((s) => (s === '' ? null : s))
  .nullable();

const staffFields = {
  name: nonBlank(ALARM_STAFF_NAME_MAX),
  /** A member of the tenant, notified in the console's notification centre. */
  userId: id.nullable().optional(),
  phone: staffPhone.optional(),
  notifyInApp: z.boolean().default(true),
  notifySms: z.boolean().default(false),
  minSeverity: z.enum(ALARM_SEVERITIES).default('info'),
  enabledFlag: flag01.default(1),
};

type StaffShape = {
  userId?: number | null | undefined;
  phone?: string | null | undefined;
  notifyInApp: boolean;
  notifySms: boolean;
};
const checkStaff = (s: StaffShape, ctx: z.RefinementCtx): void => {
  if (s.notifyInApp && s.userId == null)
    ctx.addIssue({ code: 'custom', path: ['userId'], message: 'in-app notification needs a console user' });
  if (s.notifySms && s.phone == null)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'SMS notification needs a phone number' });
  if (!s.notifyInApp && !s.notifySms)
    ctx.addIssue({ code: 'custom', path: ['notifyInApp'], message: 'choose in-app, SMS or both' });
};

export const alarmStaffCreateBody = z.strictObject(staffFields).superRefine(checkStaff);
export type AlarmStaffCreateBody = z.infer<typeof alarmStaffCreateBody>;
const alarmStaffUpdateFields = z
  .strictObject({ id, objectVersionNumber, ...staffFields })
  .superRefine(checkStaff);
export type AlarmStaffUpdateBody = z.infer<typeof alarmStaffUpdateBody>;

export const alarmStaffListQuery = pageQuery.extend({
  name: z
    .string()
    .max(ALARM_STAFF_NAME_MAX * 2)
    .optional(),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type AlarmStaffListQuery = z.infer<typeof alarmStaffListQuery>;

export const alarmStaff = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  phone: z.string().nullable(),
  notifyInApp: z.boolean(),
  notifySms: z.boolean(),
  minSeverity: z.enum(ALARM_SEVERITIES),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type AlarmStaff = z.infer<typeof alarmStaff>;
export const alarmStaffPage = pageOf(alarmStaff);

/** Members of the tenant a contact can be linked to. */
export const alarmStaffUser = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
});
export type AlarmStaffUser = z.infer<typeof alarmStaffUser>;
export const alarmStaffUsers = z.array(alarmStaffUser);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const alarmRuleUpdateBody = updateBodyOf(alarmRuleUpdateFields, alarmRule);
export const alarmStaffUpdateBody = updateBodyOf(alarmStaffUpdateFields, alarmStaff);
