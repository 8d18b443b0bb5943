import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  pageOf,
  pageQuery,
  requiredText,
  tenantParam,
  trimmedText,
  updateBodyOf,
} from './common.types.js';
import { generalPassword, phoneSchema } from './identity.types.js';

// Users of a tenant, administered by the tenant (issue 13 item 3): /iam/v1/{t}/users…

export const tenantUserView = z.object({
  id: z.number(),
  loginName: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  /** The membership flag in this tenant: a disabled member is refused on every route of it. */
  enabled: z.boolean(),
  roleIds: z.array(z.number()),
  roleNames: z.array(z.string()),
  /** The units (companies, bases, departments) the member is staff of here. */
  unitIds: z.array(z.number()),
  unitNames: z.array(z.string()),
  /** When the user last signed in (any tenant), if ever. */
  lastSignInAt: z.string().nullable(),
  /** When the user joined this tenant. */
  joinedAt: z.string(),
  /** How many other tenants the user belongs to: their password and phone are not this tenant's to change. */
  otherTenants: z.number(),
  objectVersionNumber: z.number(),
});
export type TenantUserView = z.infer<typeof tenantUserView>;
export const tenantUserPage = pageOf(tenantUserView);

const enabledFilter = blankAsUnset(z.enum(['true', 'false']).transform((v) => v === 'true'));

export const tenantUserQuery = pageQuery.extend({
  realName: trimmedText(60).optional(),
  phone: trimmedText(20).optional(),
  roleId: blankAsUnset(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  /** Staff of this unit or of any unit under it. */
  unitId: blankAsUnset(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  enabled: enabledFilter,
});
export type TenantUserQuery = z.infer<typeof tenantUserQuery>;
export const tenantUserExportQuery = tenantUserQuery.omit({ page: true, size: true });

const roleIds = z.array(bodyId).max(50);

/** A new user: an initial password, or an SMS invitation whose code sets the password. */
export const tenantUserCreate = z
  .strictObject({
    realName: requiredText(60),
    phone: phoneSchema,
    password: generalPassword.optional(),
    invite: z.boolean().default(false),
    roleIds: roleIds.default([]),
  })
  .superRefine((v, c) => {
    if (!v.invite && v.password === undefined)
      c.addIssue({ code: 'custom', path: ['password'], message: 'required unless invite is true' });
    if (v.invite && v.password !== undefined)
      c.addIssue({ code: 'custom', path: ['password'], message: 'must be absent when invite is true' });
  });
export type TenantUserCreate = z.infer<typeof tenantUserCreate>;

export const tenantUserCreated = tenantUserView.extend({ invited: z.boolean() });

/** An existing account (of another tenant) joins this one; no second account is made. */
export const tenantUserAddExisting = z.strictObject({ phone: phoneSchema, roleIds: roleIds.default([]) });

const tenantUserUpdateFields = z.strictObject({
  id: bodyId,
  realName: requiredText(60),
  phone: phoneSchema,
  objectVersionNumber: z.number().int().min(1),
});
// The list row or the create answer may be sent back as they are.
export const tenantUserUpdate = updateBodyOf(tenantUserUpdateFields, tenantUserCreated);

export const tenantUserIdParam = tenantParam.extend({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const tenantUserEnable = z.strictObject({ enabled: z.boolean() });
export const tenantUserRoles = z.strictObject({ roleIds });

/** temporary: a new password shown once; sms: a code to the user's phone that sets a new one. */
export const passwordResetRequest = z.strictObject({ mode: z.enum(['temporary', 'sms']) });
export const passwordResetAnswer = z.object({
  mode: z.enum(['temporary', 'sms']),
  /** Only for mode temporary, shown this once. */
  temporaryPassword: z.string().optional(),
});

export const importRejection = z.object({
  /** The spreadsheet row (1 = header). */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export const importAnswer = z.object({
  /** Rows imported: 0 whenever any row was rejected (all or nothing). */
  imported: z.number(),
  rejected: z.array(importRejection),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
