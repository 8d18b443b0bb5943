import { z } from 'zod';
import {
  blankAsUnset,
  objectVersionNumber,
  pageOf,
  pageQuery,
  requiredText,
  trimmedText,
  updateBodyOf,
} from './common.types.js';
import { generalPassword, phoneSchema } from './identity.types.js';
import { tenantScreen } from './tenant.types.js';
import { timeZoneSchema } from './time-zone.schema.js';

// The platform administrator's screens (issue 13 item 5): tenants, their domains and brand, their
// visualization screens, and the audit log of every tenant. Paths /wfpf/v1/platform/…, outside any tenant.

/** A tenant id in a platform path (`:id`, not `:tenantId`: these routes run outside the tenant). */
export const platformTenantParam = z.object({
  id: z.coerce.number().int().min(0).max(2_147_483_647),
});

// ---- tenants ----

export const platformTenant = z.object({
  id: z.number().int(),
  tenantName: z.string(),
  tenantNum: z.string(),
  timeZone: z.string(),
  enabled: z.boolean(),
  memberCount: z.number().int(),
  domains: z.array(z.string()),
  creationDate: z.string(),
  objectVersionNumber: z.number().int(),
});
export type PlatformTenant = z.infer<typeof platformTenant>;
export const platformTenantPage = pageOf(platformTenant);

const boolText = z.enum(['true', 'false']).transform((v) => v === 'true');

export const platformTenantQuery = pageQuery.extend({
  tenantName: blankAsUnset(trimmedText(60)),
  tenantNum: blankAsUnset(trimmedText(30)),
  enabled: blankAsUnset(boolText),
});
export type PlatformTenantQuery = z.infer<typeof platformTenantQuery>;

/** A tenant number: letters, digits, '-' and '_' (it names the tenant in exports and support calls). */
export const tenantNumSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,30}$/, { error: "2–30 letters, digits, '-' or '_'" });

export const platformTenantCreate = z.strictObject({
  tenantName: requiredText(60),
  /** Omitted: T + the id padded to 6 digits, as registration numbers tenants. */
  tenantNum: tenantNumSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  /** The first administrator, by phone: an existing account is added, else one is made. */
  adminPhone: phoneSchema,
  /** For a new account only (required then); ignored when the phone already has one. */
  adminName: trimmedText(60).optional(),
  adminPassword: generalPassword.optional(),
});
export type PlatformTenantCreate = z.infer<typeof platformTenantCreate>;

export const platformTenantCreated = platformTenant.extend({
  adminUserId: z.number().int(),
  /** False when the phone already had an account (it keeps its password). */
  adminCreated: z.boolean(),
});

const platformTenantUpdateFields = z.strictObject({
  tenantName: requiredText(60),
  timeZone: timeZoneSchema,
  objectVersionNumber,
});
export const platformTenantUpdate = updateBodyOf(platformTenantUpdateFields, platformTenant);
export type PlatformTenantUpdate = z.infer<typeof platformTenantUpdate>;

export const platformTenantEnable = z.strictObject({ enabled: z.boolean(), objectVersionNumber });
export type PlatformTenantEnable = z.infer<typeof platformTenantEnable>;

// ---- domains and brand ----

/** An absolute http(s) address or a path on this server (an uploaded file); '' leaves the default. */
const brandLink = z
  .string()
  .max(2000)
  .transform((s) => s.trim())
  .pipe(z.string().regex(/^(|https?:\/\/\S+|\/\S*)$/, { error: 'must be an http(s) URL or a path' }));
const brandText = (max: number) => trimmedText(max);

export const tenantBrandFields = z.strictObject({
  loginTitle: brandText(60).optional(),
  subTitle: brandText(120).optional(),
  copyright: brandText(120).optional(),
  loginBackgroundColor: z
    .string()
    .regex(/^(|#[0-9a-fA-F]{6})$/, { error: 'must be a colour #rrggbb' })
    .optional(),
  favicon: brandLink.optional(),
  workLogo: brandLink.optional(),
  loginLogo: brandLink.optional(),
  menuLogo: brandLink.optional(),
  titleLoginLogo: brandLink.optional(),
  loginImage: brandLink.optional(),
});
export type TenantBrandFields = z.infer<typeof tenantBrandFields>;

/** A host name as a browser sends it, without scheme or port: farm.example.com, localhost. */
export const hostNameSchema = z
  .string()
  .max(253)
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
        {
          error: 'must be a host name such as farm.example.com (no scheme, port or path)',
        },
      ),
  );

export const tenantDomain = z.object({
  domainName: z.string(),
  tenantId: z.number().int(),
  brand: z.record(z.string(), z.string()),
  objectVersionNumber: z.number().int(),
});
export type TenantDomain = z.infer<typeof tenantDomain>;
export const tenantDomainList = z.array(tenantDomain);

export const tenantDomainCreate = z.strictObject({ domainName: hostNameSchema, brand: tenantBrandFields });
export type TenantDomainCreate = z.infer<typeof tenantDomainCreate>;

const tenantDomainUpdateFields = z.strictObject({
  /** The new host name (a rename), or the same. */
  domainName: hostNameSchema,
  brand: tenantBrandFields,
  objectVersionNumber,
});
export const tenantDomainUpdate = updateBodyOf(tenantDomainUpdateFields, tenantDomain);
export type TenantDomainUpdate = z.infer<typeof tenantDomainUpdate>;

export const platformDomainParam = platformTenantParam.extend({ domainName: z.string().max(253) });

// ---- screens of a chosen tenant (the tenant-screen bodies of tenant.types) ----

export const platformScreenParam = platformTenantParam.extend({
  screenId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const platformScreenList = z.array(tenantScreen);

// ---- audit of every tenant ----

export const platformAuditEntry = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string().nullable(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type PlatformAuditEntry = z.infer<typeof platformAuditEntry>;
export const platformAuditPage = pageOf(platformAuditEntry);

const isoTime = z.iso.datetime({ offset: true });

export const platformAuditQuery = z
  .strictObject({
    page: z.coerce.number().int().min(0).max(1000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
    tenantId: blankAsUnset(z.coerce.number().int().min(0).max(2_147_483_647)),
    /** An action code or its prefix: 'tenant.' lists every tenant action. */
    action: blankAsUnset(trimmedText(60)),
    /** The actor's name (part of it) or, all digits, the actor's user id. */
    actor: blankAsUnset(trimmedText(60)),
    from: blankAsUnset(isoTime),
    to: blankAsUnset(isoTime),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    error: 'must not be before from',
  });
export type PlatformAuditQuery = z.infer<typeof platformAuditQuery>;
