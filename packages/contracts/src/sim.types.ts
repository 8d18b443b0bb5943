import { z } from 'zod';
import {
  blankAsNullText,
  bodyId,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  tenantParam,
  updateBodyOf,
} from './common.types.js';
import { ICCID_PATTERN } from './device.types.js';

// IoT SIM cards (system/sim-manage, issue 5): the iccid a cellular device carries, with its operator,
// data plan and usage. Paths: /wfpe/v1/{t}/sim…

export const SIM_STATUSES = ['active', 'suspended', 'cancelled'] as const;
export type SimStatus = (typeof SIM_STATUSES)[number];
export const SIM_OPERATOR_MAX = 40;
export const SIM_DESCRIPTION_MAX = 500;
/** 1 TB a month is far beyond any IoT plan; a larger number is a typo. */
export const SIM_PLAN_MB_MAX = 1_048_576;

/** 'YYYY-MM-DD' (a calendar day in the tenant's time zone) or an ISO instant. */
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$|^\d{4}-\d{2}-\d{2}T/, { error: 'date: YYYY-MM-DD or ISO-8601' });

export const simStatus = z.enum(SIM_STATUSES, { error: 'status: active, suspended or cancelled' });

export const simIdParam = tenantParam.extend({ id });

export const simListQuery = pageQuery.extend({
  iccid: z.string().max(40).optional(),
  operator: z.string().max(200).optional(),
  status: simStatus.optional(),
});
export type SimListQuery = z.infer<typeof simListQuery>;

export const simCreateBody = z.strictObject({
  iccid: z.string().trim().regex(ICCID_PATTERN, { error: 'IoT card number: 19 or 20 digits' }),
  msisdn: z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : s))
    .pipe(
      z
        .string()
        .regex(/^\+?[0-9]{5,20}$/, { error: 'card phone number: 5 to 20 digits' })
        .nullable(),
    )
    .nullish(),
  operator: blankAsNullText(SIM_OPERATOR_MAX).nullish(),
  planMb: z.number().int().min(0).max(SIM_PLAN_MB_MAX).nullish(),
  usedMb: z
    .number()
    .min(0)
    .max(SIM_PLAN_MB_MAX * 100)
    .optional(),
  activatedAt: dateText.nullish(),
  expiresAt: dateText.nullish(),
  status: simStatus.optional(),
  description: blankAsNullText(SIM_DESCRIPTION_MAX).nullish(),
});
export type SimCreateBody = z.infer<typeof simCreateBody>;

/** The iccid may be corrected (a typo) as long as it stays unique; omitted fields keep their value. */
const simUpdateFields = simCreateBody.partial().extend({ id: bodyId, objectVersionNumber });
export type SimUpdateBody = z.infer<typeof simUpdateBody>;

export const simCard = z.object({
  id: z.number(),
  iccid: z.string(),
  msisdn: z.string().nullable(),
  operator: z.string().nullable(),
  planMb: z.number().nullable(),
  usedMb: z.number(),
  /** usedMb / planMb in percent (1 decimal), null without a plan. */
  usagePercent: z.number().nullable(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  status: z.string(),
  description: z.string().nullable(),
  /** How many devices of the tenant carry this iccid. */
  deviceCount: z.number(),
  objectVersionNumber: z.number(),
  creationDate: z.string(),
});
export type SimCard = z.infer<typeof simCard>;
export const simPage = pageOf(simCard);

export const simDevice = z.object({
  id: z.number(),
  deviceType: z.string(),
  name: z.string(),
  eui: z.string(),
  areaName: z.string().nullable(),
  online: z.number(),
  lastSeenAt: z.string().nullable(),
});
export const simInfo = z.object({ card: simCard, devices: z.array(simDevice) });
export type SimInfo = z.infer<typeof simInfo>;

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const simUpdateBody = updateBodyOf(simUpdateFields, simCard);
