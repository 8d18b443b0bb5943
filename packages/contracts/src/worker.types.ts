import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantIdParam,
  updateBodyOf,
} from './common.types.js';

// Workers (farm/worker). Spec 01 §3: Worker = workerId, name, organizationId (the base the worker belongs
// to); §5: phone 11 digits starting with 1, no blank-only input. Paths: /wfpf/v1/{t}/worker….

export const WORKER_NAME_MAX = 30;
export const WORKER_JOB_TITLE_MAX = 30;
export const WORKER_DESCRIPTION_MAX = 500;

const workerName = requiredText(WORKER_NAME_MAX);

/** 11 digits starting with 1 (spec 01 §5); '' or null means none. */
export const workerPhone = z
  .string()
  .max(40)
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^(?:1\d{10})?$/, { error: 'phone: 11 digits starting with 1' }))
  .transform((s) => (s === '' ? null : s))
  .nullable();

export const workerCreateBody = z.strictObject({
  name: workerName,
  phone: workerPhone.optional(),
  /** The base (area) of the tenant the worker belongs to; null for the whole enterprise. */
  organizationId: bodyId.nullable().optional(),
  /** The console user (a member of the tenant) this worker signs in as; one worker per user. */
  userId: bodyId.nullable().optional(),
  jobTitle: optionalText(WORKER_JOB_TITLE_MAX).optional(),
  description: optionalText(WORKER_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
});
export type WorkerCreateBody = z.infer<typeof workerCreateBody>;

/** Omitted optional fields keep their value; null clears a nullable one. */
const workerUpdateFields = z.strictObject({
  workerId: bodyId,
  objectVersionNumber,
  name: workerName,
  phone: workerPhone.optional(),
  organizationId: bodyId.nullable().optional(),
  userId: bodyId.nullable().optional(),
  jobTitle: optionalText(WORKER_JOB_TITLE_MAX).optional(),
  description: optionalText(WORKER_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type WorkerUpdateBody = z.infer<typeof workerUpdateBody>;

export const workerListQuery = pageQuery.extend({
  /** Contains, any case. */
  name: z
    .string()
    .max(WORKER_NAME_MAX * 2)
    .optional(),
  organizationId: blankAsUnset(queryId),
  enabledFlag: blankAsUnset(z.coerce.number().int().min(0).max(1)),
});
export type WorkerListQuery = z.infer<typeof workerListQuery>;

export const workerIdParam = tenantIdParam;

export const worker = z.object({
  workerId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  /** Name of the base; null without one (or when it is gone). */
  areaName: z.string().nullable(),
  userId: z.number().int().nullable(),
  /** Real name of the linked user. */
  userName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Worker = z.infer<typeof worker>;
export const workerPage = pageOf(worker);

/** GET /worker/self: the worker linked to the signed-in user, or null. */
export const workerSelf = worker.nullable();

/** GET /worker/candidate-users: members of the tenant not linked to a worker (or linked to workerId). */
export const workerCandidateQuery = z.object({ workerId: blankAsUnset(queryId) });
export type WorkerCandidateQuery = z.infer<typeof workerCandidateQuery>;
export const workerCandidateUser = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
});
export type WorkerCandidateUser = z.infer<typeof workerCandidateUser>;
export const workerCandidateUsers = z.array(workerCandidateUser);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const workerUpdateBody = updateBodyOf(workerUpdateFields, worker);
