import { z } from 'zod';
import { nonBlank, updateBodyOf } from './common.types.js';

const name = nonBlank(60);
const permissionList = z.array(z.string().max(120)).max(1000);

/**
 * Which bases a role's holders see (ADR 0012): every base, the bases in their own units and below, or the
 * bases named on the role. A user holding several roles sees the union; any 'all' role means all.
 */
export const DATA_SCOPES = ['all', 'units', 'bases'] as const;
export const dataScope = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof dataScope>;
const baseIdList = z.array(z.number().int().min(1)).max(500);

export const roleView = z.object({
  id: z.number(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  dataScope,
  /** Bases of a 'bases' scope (empty otherwise). */
  baseIds: z.array(z.number()),
  /** Members of the tenant holding the role. */
  holderCount: z.number(),
  objectVersionNumber: z.number(),
});
export const roleList = z.array(roleView);

export const createRoleRequest = z.strictObject({
  code: z
    .string()
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, underscore or hyphen only'),
  nameZh: name,
  nameEn: name,
  permissions: permissionList,
  dataScope: dataScope.default('all'),
  baseIds: baseIdList.default([]),
});

/** A copy of a role: its permission codes under a new code and names. */
export const copyRoleRequest = z.strictObject({
  code: createRoleRequest.shape.code,
  nameZh: name,
  nameEn: name,
});

const updateRoleFields = z.strictObject({
  id: z.number().int().min(1),
  nameZh: name,
  nameEn: name,
  permissions: permissionList,
  dataScope: dataScope.default('all'),
  baseIds: baseIdList.default([]),
  objectVersionNumber: z.number().int().min(1),
});

export const permissionCatalogue = z.array(
  z.object({ code: z.string(), subModule: z.string(), name: z.string() }),
);

export const memberView = z.object({
  userId: z.number(),
  loginName: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  roleIds: z.array(z.number()),
  roleCodes: z.array(z.string()),
});
export const memberList = z.array(memberView);

export const userIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const assignRolesRequest = z.strictObject({ roleIds: z.array(z.number().int().min(1)).max(50) });

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const updateRoleRequest = updateBodyOf(updateRoleFields, roleView);
