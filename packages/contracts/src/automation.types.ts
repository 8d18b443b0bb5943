import { z } from 'zod';
import { ALARM_OPS } from './alarm.types.js';
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

// Intelligent control (equipment/intelligentControl/index, /group, /device-group): strategies that run on
// the server — a trigger (schedule or condition), guards that may skip a run, an action on a device or a
// control group — and device groups. Paths: /wfpe/v1/{t}/intelligent/strategy…, /intelligent/group…

export const GROUP_KINDS = ['control', 'device'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export const STRATEGY_OUTCOMES = ['fired', 'skipped', 'failed', 'stopped'] as const;
export type StrategyOutcome = (typeof STRATEGY_OUTCOMES)[number];

export const STRATEGY_NAME_MAX = 50;
export const GROUP_NAME_MAX = 30;
export const DESCRIPTION_MAX = 200;
export const GROUP_MEMBERS_MAX = 200;
export const SCHEDULE_TIMES_MAX = 24;
export const STRATEGY_GUARDS_MAX = 5;
/** Run time of an action; 0 = no automatic stop (the command's own safety still applies). */
export const STRATEGY_DURATION_MAX_MIN = 1440;

const metricKey = z.string().regex(/^[a-z][A-Za-z0-9]{0,31}$/, { error: 'metric: not a metric key' });
const actionKey = z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/, { error: 'action: not a command action' });
/** 'HH:mm', 24-hour, in the tenant's time zone. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time: HH:mm' });

export const scheduleTrigger = z.strictObject({
  kind: z.literal('schedule'),
  times: z
    .array(clockTime)
    .min(1)
    .max(SCHEDULE_TIMES_MAX)
    .refine((t) => new Set(t).size === t.length, { error: 'times: each time once' }),
  /** ISO weekdays, 1 = Monday … 7 = Sunday; all seven = every day. */
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, { error: 'days: each day once' })
    .default([1, 2, 3, 4, 5, 6, 7]),
});
export type ScheduleTrigger = z.infer<typeof scheduleTrigger>;

export const conditionTrigger = z.strictObject({
  kind: z.literal('condition'),
  deviceId: id,
  metric: metricKey,
  op: z.enum(ALARM_OPS),
  threshold: z.number().min(-1e12).max(1e12),
  /** The condition must hold this long (minutes; 0 = at once). */
  forMin: z.number().int().min(0).max(1440).default(0),
});
export type ConditionTrigger = z.infer<typeof conditionTrigger>;

export const strategyTrigger = z.discriminatedUnion('kind', [scheduleTrigger, conditionTrigger]);
export type StrategyTrigger = z.infer<typeof strategyTrigger>;

/** Skip when the weather station recorded rain today (in the tenant's time zone): rainfall > 0 or the rain flag. */
export const noRainTodayGuard = z.strictObject({ kind: z.literal('noRainToday'), deviceId: id });
/** Run only between from and to (the tenant's time zone; to < from wraps past midnight). */
export const timeWindowGuard = z.strictObject({
  kind: z.literal('timeWindow'),
  from: clockTime,
  to: clockTime,
});
export const strategyGuard = z.discriminatedUnion('kind', [noRainTodayGuard, timeWindowGuard]);
export type StrategyGuard = z.infer<typeof strategyGuard>;

const paramValue = z.union([z.number().min(-1e12).max(1e12), z.boolean(), z.string().max(200)]);

export const strategyAction = z.strictObject({
  /** A device, or a control group whose members all receive the command. */
  targetKind: z.enum(['device', 'group']),
  targetId: id,
  /** A registry command of the target's type. */
  action: actionKey,
  params: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/), paramValue)
    .refine((p) => Object.keys(p).length <= 20, { error: 'params: at most 20' })
    .default({}),
  /** Minutes until the server sends the matching stop (close, turnOff, stop, sw 0…); 0 = none. */
  durationMin: z.number().int().min(0).max(STRATEGY_DURATION_MAX_MIN).default(0),
});
export type StrategyAction = z.infer<typeof strategyAction>;

const description = z
  .string()
  .max(DESCRIPTION_MAX * 4)
  .transform((s) => s.trim())
  .pipe(z.string().max(DESCRIPTION_MAX))
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .optional();

const strategyFields = {
  name: nonBlank(STRATEGY_NAME_MAX),
  enabledFlag: flag01.default(1),
  trigger: strategyTrigger,
  guards: z.array(strategyGuard).max(STRATEGY_GUARDS_MAX).default([]),
  action: strategyAction,
  description,
};

export const strategyCreateBody = z.strictObject(strategyFields);
export type StrategyCreateBody = z.infer<typeof strategyCreateBody>;
const strategyUpdateFields = z.strictObject({ id, objectVersionNumber, ...strategyFields });
export type StrategyUpdateBody = z.infer<typeof strategyUpdateBody>;
export const strategyEnableBody = z.strictObject({ enabledFlag: flag01 });
/** Run now: the trigger is not checked; guards are unless force. */
export const strategyRunBody = z.strictObject({ force: z.boolean().default(false) });
export type StrategyRunBody = z.infer<typeof strategyRunBody>;

export const strategyListQuery = pageQuery.extend({
  name: z
    .string()
    .max(STRATEGY_NAME_MAX * 2)
    .optional(),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type StrategyListQuery = z.infer<typeof strategyListQuery>;

export const strategyRun = z.object({
  id: z.number().int(),
  strategyId: z.number().int(),
  outcome: z.enum(STRATEGY_OUTCOMES),
  message: z.string(),
  commandIds: z.array(z.string()),
  at: z.string(),
});
export type StrategyRun = z.infer<typeof strategyRun>;
export const strategyRunPage = pageOf(strategyRun);
export const strategyRunQuery = pageQuery.extend({
  outcome: blankAsUnset(z.enum(STRATEGY_OUTCOMES)),
});
export type StrategyRunQuery = z.infer<typeof strategyRunQuery>;

export const strategy = z.object({
  id: z.number().int(),
  name: z.string(),
  enabledFlag: flag01,
  trigger: strategyTrigger,
  guards: z.array(strategyGuard),
  action: strategyAction,
  description: z.string().nullable(),
  /** Name of the target device or group (null when it is gone). */
  targetName: z.string().nullable(),
  conditionSince: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  quietUntil: z.string().nullable(),
  lastRun: strategyRun.nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Strategy = z.infer<typeof strategy>;
export const strategyPage = pageOf(strategy);

// Groups.

export const groupMember = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  typeKey: z.string(),
  eui: z.string(),
  online: z.boolean(),
  channelId: z.number().int().nullable(),
  channelName: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMember>;

/** A member as written; the names and state a group's GET answers with it are accepted and ignored. */
export const groupMemberInput = updateBodyOf(
  z.strictObject({
    deviceId: id,
    /** A gateway switch or aerator pump of the device; null for the whole device. */
    channelId: id.nullable().optional(),
  }),
  groupMember,
);
export type GroupMemberInput = z.infer<typeof groupMemberInput>;

const groupFields = {
  name: nonBlank(GROUP_NAME_MAX),
  areaId: id.nullable().optional(),
  description,
  members: z
    .array(groupMemberInput)
    .max(GROUP_MEMBERS_MAX)
    .refine((m) => new Set(m.map((x) => x.deviceId)).size === m.length, {
      error: 'members: each device once',
    })
    .default([]),
};

export const groupCreateBody = z.strictObject({ kind: z.enum(GROUP_KINDS), ...groupFields });
export type GroupCreateBody = z.infer<typeof groupCreateBody>;
/** kind cannot change; members given replace the members (omitted: unchanged). */
const groupUpdateFields = z.strictObject({
  id,
  objectVersionNumber,
  ...groupFields,
  members: groupFields.members.optional(),
});
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

export const groupMembersBody = z.strictObject({ members: groupFields.members });
export type GroupMembersBody = z.infer<typeof groupMembersBody>;

export const groupListQuery = pageQuery.extend({
  kind: z.enum(GROUP_KINDS).default('control'),
  name: z
    .string()
    .max(GROUP_NAME_MAX * 2)
    .optional(),
  areaId: blankAsUnset(queryId),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const deviceGroup = z.object({
  id: z.number().int(),
  kind: z.enum(GROUP_KINDS),
  name: z.string(),
  areaId: z.number().int().nullable(),
  description: z.string().nullable(),
  members: z.array(groupMember),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type DeviceGroup = z.infer<typeof deviceGroup>;
export const deviceGroupPage = pageOf(deviceGroup);

export const automationIdParam = tenantIdParam;

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const strategyUpdateBody = updateBodyOf(strategyUpdateFields, strategy);
export const groupUpdateBody = updateBodyOf(groupUpdateFields, deviceGroup);
