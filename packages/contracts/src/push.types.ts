import { z } from 'zod';
import {
  bodyId,
  nonBlank,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  updateBodyOf,
} from './common.types.js';
import type { LocalizedName } from './permissions.def.js';

// Data push (issue 13 item 6): subscriptions that send chosen events, signed, to an integrator's URL, with
// an outbox that is their delivery log. Paths: /wfpf/v1/{t}/data-push… (docs/api.md "Data push").

/** Event types a subscription may choose; 'test' is only sent by the push test button. */
export const PUSH_EVENT_TYPES = [
  'device.reading',
  'device.online',
  'device.offline',
  'alarm.raised',
  'alarm.cleared',
  'command.result',
  'task.finished',
  'document.approved',
] as const;
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];

export const PUSH_EVENT_NAMES: Record<PushEventType, LocalizedName> = {
  'device.reading': { 'zh-CN': '设备数据', 'en-US': 'Device readings' },
  'device.online': { 'zh-CN': '设备上线', 'en-US': 'Device online' },
  'device.offline': { 'zh-CN': '设备离线', 'en-US': 'Device offline' },
  'alarm.raised': { 'zh-CN': '告警产生', 'en-US': 'Alarm raised' },
  'alarm.cleared': { 'zh-CN': '告警解除', 'en-US': 'Alarm cleared' },
  'command.result': { 'zh-CN': '指令结果', 'en-US': 'Command results' },
  'task.finished': { 'zh-CN': '任务完成', 'en-US': 'Task finished' },
  'document.approved': { 'zh-CN': '单据审批通过', 'en-US': 'Document approved' },
};

export const PUSH_STATES = ['pending', 'delivered', 'failed'] as const;
export type PushState = (typeof PUSH_STATES)[number];

/** Signature headers of every push (docs/api.md "Data push"). */
export const PUSH_HEADERS = {
  id: 'x-tilth-event-id',
  type: 'x-tilth-event-type',
  timestamp: 'x-tilth-timestamp',
  signature: 'x-tilth-signature',
} as const;

const pushUrl = z
  .string()
  .max(2000)
  .transform((s) => s.trim())
  .pipe(z.string().min(1).url({ error: 'not a URL' }));

const eventTypes = z
  .array(z.enum(PUSH_EVENT_TYPES))
  .min(1, { error: 'choose at least one event type' })
  .max(PUSH_EVENT_TYPES.length)
  .refine((a) => new Set(a).size === a.length, { error: 'an event type is listed twice' });

export const pushSubscription = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(PUSH_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Events waiting, delivered and given up (the delivery log's counts). */
  pending: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  lastDeliveredAt: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
});
export type PushSubscription = z.infer<typeof pushSubscription>;
export const pushSubscriptionPage = pageOf(pushSubscription);

/** The answer of create and rotate: the only times the signing secret is shown. */
export const pushSubscriptionWithSecret = pushSubscription.extend({ secret: z.string() });
export type PushSubscriptionWithSecret = z.infer<typeof pushSubscriptionWithSecret>;

export const pushListQuery = pageQuery.extend({
  name: z.string().max(120).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  eventType: z.enum(PUSH_EVENT_TYPES).optional(),
});
export type PushListQuery = z.infer<typeof pushListQuery>;

const writeFields = {
  name: nonBlank(60),
  url: pushUrl,
  eventTypes,
  enabled: z.boolean().default(true),
};

export const pushCreateBody = z.strictObject(writeFields);
export type PushCreateBody = z.infer<typeof pushCreateBody>;

const pushUpdateFields = z.strictObject({ id: bodyId, objectVersionNumber, ...writeFields });
export const pushUpdateBody = updateBodyOf(pushUpdateFields, pushSubscription);
export type PushUpdateBody = z.infer<typeof pushUpdateBody>;

export const pushEnableBody = z.strictObject({ enabled: z.boolean(), objectVersionNumber });
export type PushEnableBody = z.infer<typeof pushEnableBody>;

export const pushVersionBody = z.strictObject({ objectVersionNumber });
export type PushVersionBody = z.infer<typeof pushVersionBody>;

export const pushIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  id: queryId,
});

export const pushDeliveryParam = pushIdParam.extend({ seq: queryId });

export const pushTestResult = z.object({
  success: z.literal(true),
  status: z.number().int(),
  responseMs: z.number().int(),
});
export type PushTestResult = z.infer<typeof pushTestResult>;

export const pushDelivery = z.object({
  seq: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  state: z.enum(PUSH_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastResponseMs: z.number().int().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  body: z.unknown(),
});
export type PushDelivery = z.infer<typeof pushDelivery>;
export const pushDeliveryPage = pageOf(pushDelivery);

export const pushDeliveryQuery = pageQuery.extend({ state: z.enum(PUSH_STATES).optional() });
export type PushDeliveryQuery = z.infer<typeof pushDeliveryQuery>;

export const pushDeleteResponse = z.object({ success: z.boolean() });
