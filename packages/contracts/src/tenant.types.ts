import { z } from 'zod';
import {
  DEFAULT_THEME as DEFAULT_THEME_SHAPE,
  THEME_LABEL_STYLES,
  THEME_LAYOUTS,
  THEME_MENU_WIDTHS,
  THEME_SUBFIELD_STYLES,
} from './theme.constants.js';

export { THEME_LABEL_STYLES, THEME_LAYOUTS, THEME_MENU_WIDTHS, THEME_SUBFIELD_STYLES };

import { flag01, nonBlank, objectVersionNumber, updateBodyOf } from './common.types.js';
import { timeZoneSchema } from './time-zone.schema.js';

// Tenant shell calls: brand by domain, novice flag, menu theme, visualization screens (spec 01 §2.7–2.10,
// §3, §7).

// ---- brand (GET /wfpf/v1/{t}/tenant/domain) ----

export const tenantDomainQuery = z.object({
  /** The browser's host name, e.g. farm.example.com (a port is ignored). */
  domainName: z.string().max(255).optional(),
});

export const tenantBrand = z.object({
  favicon: z.string(),
  loginTitle: z.string(),
  workLogo: z.string(),
  loginLogo: z.string(),
  menuLogo: z.string(),
  loginBackgroundColor: z.string(),
  titleLoginLogo: z.string(),
  subTitle: z.string(),
  loginImage: z.string(),
  copyright: z.string(),
});
export type TenantBrandAnswer = z.infer<typeof tenantBrand>;

// ---- novice flag ----

/** POST …/tenant/novice/check and …/novice/unlock answer the flag itself: 1 new tenant, 0 not. */
export const noviceFlag = flag01;

// ---- menu theme (GET/POST /wfpf/v1/{t}/menu-theme) ----

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour #rrggbb' });

/** The parsed `theme` JSON string. Unknown keys are refused; missing keys take the defaults. */
export const themeConfig = z.strictObject({
  layout: z.enum(THEME_LAYOUTS),
  themeColor: hexColour,
  backgroundColor: hexColour,
  follow: flag01,
  fontColor: hexColour,
  menuWidth: z.union([z.literal(244), z.literal(255), z.literal(266)]),
  label: flag01,
  labelIcon: flag01,
  labelStyle: z.enum(THEME_LABEL_STYLES),
  subfieldStyle: z.enum(THEME_SUBFIELD_STYLES),
});
export type ThemeConfig = z.infer<typeof themeConfig>;

export const DEFAULT_THEME: ThemeConfig = DEFAULT_THEME_SHAPE;

export const menuTheme = z.object({
  open: flag01,
  userId: z.number().int(),
  /** JSON text of ThemeConfig. */
  theme: z.string(),
  /** 0 while the user has saved nothing (the defaults are answered). */
  objectVersionNumber: z.number().int(),
});
export type MenuTheme = z.infer<typeof menuTheme>;

export const menuThemeBody = z.strictObject({
  userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** JSON text of a (partial) ThemeConfig; validated field by field on the server. */
  theme: z.string().max(4000),
  open: flag01.optional(),
  /** When sent, must match the saved theme's version (409 otherwise). */
  objectVersionNumber: objectVersionNumber.optional(),
});
export type MenuThemeBody = z.infer<typeof menuThemeBody>;

// ---- tenant screens (GET/POST/PUT /wfpf/v1/{t}/tenant-screen, DELETE …/tenant-screen/{id}) ----

/** An absolute http(s) address or a path on this server; never javascript: and the like. */
const link = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .pipe(z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { error: 'must be an http(s) URL or a path' }));

/** screenType 2: the address is opened without the access token; 1: with it. */
export const screenType = z.union([z.literal(1), z.literal(2)]);

export const tenantScreen = z.object({
  id: z.number().int(),
  screenName: z.string(),
  screenImage: z.string().nullable(),
  screenAddress: z.string(),
  screenType: z.number().int(),
  sort: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type TenantScreen = z.infer<typeof tenantScreen>;
export const tenantScreenList = z.array(tenantScreen);

export const tenantScreenCreateBody = z.strictObject({
  screenName: nonBlank(60),
  screenImage: link(1000).nullable().optional(),
  screenAddress: link(2000),
  screenType: screenType.default(1),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type TenantScreenCreateBody = z.infer<typeof tenantScreenCreateBody>;

const tenantScreenUpdateFields = tenantScreenCreateBody.extend({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  objectVersionNumber,
  screenType: screenType.optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});
export type TenantScreenUpdateBody = z.infer<typeof tenantScreenUpdateBody>;

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const tenantScreenUpdateBody = updateBodyOf(tenantScreenUpdateFields, tenantScreen);

// ---- tenant settings (/system/tenant-settings): the calendar the tenant's days follow ----

export const tenantSettings = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  tenantNum: z.string(),
  timeZone: z.string(),
  objectVersionNumber: z.number().int(),
});
export type TenantSettings = z.infer<typeof tenantSettings>;

const tenantSettingsFields = z.strictObject({
  timeZone: timeZoneSchema,
  objectVersionNumber,
});
export const tenantSettingsBody = updateBodyOf(tenantSettingsFields, tenantSettings);
export type TenantSettingsBody = z.infer<typeof tenantSettingsBody>;
