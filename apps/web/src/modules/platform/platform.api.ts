import type { Page } from '@tilth/contracts';
import type { PlatformAuditEntry, PlatformTenant, TenantDomain } from '@tilth/contracts/platform.types';
import type { TenantScreen } from '@tilth/contracts/tenant.types';
import dayjs from 'dayjs';
import { api, type Query } from '../../shared/api/client';
import { currentTimeZone } from '../../shared/format/time';

export type { PlatformAuditEntry, PlatformTenant, TenantDomain } from '@tilth/contracts/platform.types';
export type { TenantScreen } from '@tilth/contracts/tenant.types';

// The platform administrator's calls (docs/api.md "Platform"): outside any tenant, `id` the tenant acted on.

const BASE = '/wfpf/v1/platform/tenants';

export const platformKeys = {
  tenants: ['platform', 'tenants'] as const,
  domains: (id: number) => ['platform', 'tenants', id, 'domains'] as const,
  screens: (id: number) => ['platform', 'tenants', id, 'screens'] as const,
  audit: ['platform', 'audit'] as const,
};

export interface TenantCreateInput {
  tenantName: string;
  tenantNum?: string;
  timeZone?: string;
  adminPhone: string;
  adminName?: string;
  adminPassword?: string;
}

export type BrandInput = Partial<Record<BrandField, string>>;
export const BRAND_TEXT_FIELDS = ['loginTitle', 'subTitle', 'copyright', 'loginBackgroundColor'] as const;
export const BRAND_IMAGE_FIELDS = [
  'favicon',
  'workLogo',
  'loginLogo',
  'menuLogo',
  'titleLoginLogo',
  'loginImage',
] as const;
export type BrandField = (typeof BRAND_TEXT_FIELDS)[number] | (typeof BRAND_IMAGE_FIELDS)[number];

export interface ScreenInput {
  screenName: string;
  screenAddress: string;
  screenImage?: string | null;
  screenType: 1 | 2;
  sort: number;
}

/** A day picked in the audit filter → the instant its tenant-zone day starts (or ends). */
export const dayBound = (day: string, end: boolean): string =>
  dayjs.tz(`${day}T${end ? '23:59:59' : '00:00:00'}`, currentTimeZone()).format();

export const platformApi = {
  tenants: (query: Query) => api.get<Page<PlatformTenant>>(BASE, { query }),
  create: (body: TenantCreateInput) =>
    api.post<PlatformTenant & { adminUserId: number; adminCreated: boolean }>(BASE, { json: body }),
  update: (t: PlatformTenant, body: { tenantName: string; timeZone: string }) =>
    api.put<PlatformTenant>(`${BASE}/${t.id}`, {
      json: { ...body, objectVersionNumber: t.objectVersionNumber },
    }),
  setEnabled: (t: PlatformTenant, enabled: boolean) =>
    api.put<PlatformTenant>(`${BASE}/${t.id}/enabled`, {
      json: { enabled, objectVersionNumber: t.objectVersionNumber },
    }),

  domains: (id: number) => api.get<TenantDomain[]>(`${BASE}/${id}/domains`),
  addDomain: (id: number, body: { domainName: string; brand: BrandInput }) =>
    api.post<TenantDomain>(`${BASE}/${id}/domains`, { json: body }),
  updateDomain: (d: TenantDomain, body: { domainName: string; brand: BrandInput }) =>
    api.put<TenantDomain>(`${BASE}/${d.tenantId}/domains/${encodeURIComponent(d.domainName)}`, {
      json: { ...body, objectVersionNumber: d.objectVersionNumber },
    }),
  removeDomain: (d: TenantDomain) =>
    api.delete<{ success: boolean }>(`${BASE}/${d.tenantId}/domains/${encodeURIComponent(d.domainName)}`),

  screens: (id: number) => api.get<TenantScreen[]>(`${BASE}/${id}/screens`),
  addScreen: (id: number, body: ScreenInput) =>
    api.post<TenantScreen>(`${BASE}/${id}/screens`, { json: body }),
  updateScreen: (id: number, s: TenantScreen, body: ScreenInput) =>
    api.put<TenantScreen>(`${BASE}/${id}/screens`, {
      json: { ...body, id: s.id, objectVersionNumber: s.objectVersionNumber },
    }),
  removeScreen: (id: number, s: TenantScreen) =>
    api.delete<{ success: boolean }>(`${BASE}/${id}/screens/${s.id}`),

  audit: (query: Query) => api.get<Page<PlatformAuditEntry>>('/wfpf/v1/platform/audit', { query }),
};
