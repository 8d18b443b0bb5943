import { z } from 'zod';
import { pageOf } from './common.types.js';
import { timeZoneSchema } from './time-zone.schema.js';

const text = (max: number) => z.string().max(max);

export const publicKeyResponse = z.object({ publicKey: z.string() });

/** POST /oauth/oauth/token (form). Password grant for the console, refresh_token grant to rotate. */
export const tokenRequest = z.strictObject({
  grant_type: z.enum(['password', 'refresh_token', 'client_credentials']),
  username: text(128).optional(),
  /** base64 RSA-OAEP (SHA-256) ciphertext made with GET /oauth/public/key */
  password: text(2048).optional(),
  refresh_token: text(256).optional(),
  client_id: text(64).optional(),
  client_secret: text(128).optional(),
  source_type: text(16).optional(),
  device_id: text(16).optional(),
  captchaKey: text(64).optional(),
  captcha: text(16).optional(),
  scope: text(64).optional(),
});
export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const logoutRequest = z.strictObject({ access_token: text(4096).optional() });
export const successResponse = z.object({ success: z.boolean(), message: z.string().optional() });

export const userParamsQuery = z.strictObject({ username: text(128) });
export const userParamsResponse = z.object({ isNeedCaptcha: z.boolean() });

export const captchaCodeResponse = z.object({ captchaKey: z.string() });
export const captchaKeyParam = z.object({ captchaKey: z.uuid() });

export const phoneSchema = z.string().regex(/^1\d{10}$/, 'phone must be 11 digits starting with 1');
export const sendPhoneCaptchaQuery = z.strictObject({ phone: phoneSchema });
export const sendPhoneCaptchaResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  captchaKey: z.string(),
});

/** Registration password (spec 01 §5): ≥ 8, letters and digits only, both kinds. */
export const registerPassword = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'letters and digits only')
  .regex(/[A-Za-z]/, 'needs a letter')
  .regex(/\d/, 'needs a digit');

/** General password rule (spec 01 §5): 6–20 chars, at least two kinds of letters, digits, symbols. */
export const generalPassword = z
  .string()
  .min(6)
  .max(20)
  .refine(
    (p) => [/[A-Za-z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(p)).length >= 2,
    'needs at least two kinds of letters, digits and symbols',
  );

const required = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));

export const registerRequest = z.strictObject({
  realName: required(60),
  password: registerPassword,
  tenantName: required(60),
  phone: phoneSchema,
  captcha: required(8),
  captchaKey: z.uuid(),
  /** The new tenant's calendar (DEFAULT_TIME_ZONE when absent). */
  timeZone: timeZoneSchema.optional(),
});
export const registerResponse = z.object({ tenantId: z.number(), userId: z.number(), loginName: z.string() });

export const resetPasswordRequest = z.strictObject({
  phone: phoneSchema,
  captcha: required(8),
  /** The key of the code sent; absent, the phone's latest code counts (an administrator's invitation). */
  captchaKey: z.uuid().optional(),
  password: generalPassword,
});

export const tenantSummary = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  tenantNum: z.string(),
  /** The tenant's IANA time zone: the console shows and picks days in it. */
  timeZone: z.string(),
  defaultFlag: z.union([z.literal(0), z.literal(1)]),
});

export const selfResponse = z.object({
  id: z.number(),
  tenantId: z.number(),
  loginName: z.string(),
  realName: z.string(),
  imageUrl: z.string().nullable(),
  phone: z.string().nullable(),
  defaultTenantId: z.number().nullable(),
  platformAdmin: z.boolean(),
  tenants: z.array(tenantSummary),
});

export const selfTenantsQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(0).max(1000).default(10),
  tenantName: text(60).optional(),
});
export const selfTenantsPage = pageOf(tenantSummary);

export const tenantIdQuery = z.strictObject({ tenantId: z.coerce.number().int().min(0).max(2_147_483_647) });
export const realNameQuery = z.strictObject({ realName: required(60) });
export const avatarQuery = z.strictObject({ avatar: text(1024) });
export const changePasswordRequest = z.strictObject({
  password: generalPassword,
  originalPassword: text(128),
  organizationId: z.number().int().optional(),
});
