import type { PermissionCode } from '@tilth/contracts/permissions';
import {
  DEFAULT_THEME,
  type MenuTheme,
  type MenuThemeBody,
  type TenantBrandAnswer,
  type TenantScreen,
  type TenantScreenCreateBody,
  type TenantScreenUpdateBody,
  type TenantSettings,
  type TenantSettingsBody,
  type ThemeConfig,
  themeConfig,
} from '@tilth/contracts/tenant.types';
import { forgetTenantTimeZone } from '../../../platform/auth/access-cache.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { today } from '../../../platform/time/zone.js';
import { recordAudit } from '../audit/index.js';
import { TenantErrors } from './tenant.errors.js';
import {
  findBrandByDomain,
  findMenuTheme,
  findTenant,
  type MenuThemeRow,
  saveMenuTheme,
  setNoviceFlag,
  type TenantRow,
  updateTenantSettings,
} from './tenant.repository.js';
import { screenOps } from './tenant-screen.ops.js';

/** Who may do what with visualization screens (spec 01 §2.10, §6). */
export const SCREEN_ACCESS = {
  list: [
    'wfpf.farm.user.ps.tenant-screen',
    'wfpf.company.system.tenant-screen.ps.create',
    'wfpf.company.system.tenant-screen.ps.edit',
    'wfpf.company.system.tenant-screen.ps.delete',
  ],
  create: 'wfpf.company.system.tenant-screen.ps.create',
  edit: 'wfpf.company.system.tenant-screen.ps.edit',
  delete: 'wfpf.company.system.tenant-screen.ps.delete',
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

const SETTINGS_EDIT: PermissionCode = 'wfpf.company.system.tenant-settings.ps.edit';

const toSettings = (t: TenantRow): TenantSettings => ({
  tenantId: t.id,
  tenantName: t.tenantName,
  tenantNum: t.tenantNum,
  timeZone: t.timeZone,
  objectVersionNumber: t.objectVersionNumber,
});

/** Tilth's own brand, answered when no deployment is registered for the host (login page, spec 01 §2.7). */
const defaultBrand = (lang: Lang, timeZone: string): TenantBrandAnswer => ({
  favicon: '/favicon.svg',
  loginTitle: lang === 'en-US' ? 'Tilth Smart Farming' : 'Tilth 智慧农业',
  workLogo: '',
  loginLogo: '',
  menuLogo: '',
  loginBackgroundColor: '#1b9961',
  titleLoginLogo: '',
  subTitle:
    lang === 'en-US'
      ? 'Bases, plots, devices and inventory in one console'
      : '基地、地块、设备与进销存，一站式数字化管理',
  loginImage: '',
  // The year of the zone the request is read in (the default outside a tenant), not the process's.
  copyright: `© ${today(timeZone).slice(0, 4)} Tilth`,
});

/** 'Farm.Example.com:8080' → 'farm.example.com'. */
export const normaliseHost = (domainName: string): string =>
  domainName
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/:].*$/, '');

const parseTheme = (text: string): ThemeConfig => {
  try {
    const parsed = themeConfig.partial().safeParse(JSON.parse(text));
    if (parsed.success) return { ...DEFAULT_THEME, ...stripUndefined(parsed.data) };
  } catch {
    // A theme that no longer parses falls back to the defaults below.
  }
  return DEFAULT_THEME;
};

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const toTheme = (userId: number, row: MenuThemeRow | undefined): MenuTheme => ({
  open: row?.open === 0 ? 0 : 1,
  userId,
  theme: JSON.stringify(row ? parseTheme(row.theme) : DEFAULT_THEME),
  objectVersionNumber: row?.objectVersionNumber ?? 0,
});

export class TenantService {
  /** The brand of the deployment serving this host, or Tilth's default brand. */
  async brand(ctx: Ctx, domainName: string | undefined): Promise<TenantBrandAnswer> {
    requireAccess(ctx, 'public');
    const base = defaultBrand(ctx.lang, ctx.timeZone);
    const host = normaliseHost(domainName ?? '');
    if (!host) return base;
    const stored = await findBrandByDomain(ctx.db, host);
    if (!stored) return base;
    // Fields the deployment left empty keep the default.
    const set = Object.entries(stored).filter(([k, v]) => k in base && typeof v === 'string' && v !== '');
    return { ...base, ...Object.fromEntries(set) };
  }

  /** 1 while the tenant has not finished the beginner's guide (spec 01 §2.9). */
  async noviceCheck(ctx: Ctx): Promise<0 | 1> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    const t = await findTenant(ctx.db, ctx.tenantId);
    if (!t) throw TenantErrors.notFound();
    return t.noviceFlag === 1 ? 1 : 0;
  }

  /** Clears the novice flag; called by the guide, and by the area service once the first base exists. */
  async noviceUnlock(ctx: Ctx): Promise<0> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    if (!(await setNoviceFlag(ctx.db, ctx.tenantId, 0))) throw TenantErrors.notFound();
    return 0;
  }

  async getTheme(ctx: Ctx): Promise<MenuTheme> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    return toTheme(ctx.user.id, await findMenuTheme(ctx.db, ctx.tenantId, ctx.user.id));
  }

  /** Saves the caller's theme; missing keys keep the saved (or default) values. */
  async saveTheme(ctx: Ctx, body: MenuThemeBody): Promise<MenuTheme> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    if (body.userId !== ctx.user.id) throw TenantErrors.themeOtherUser();
    let raw: unknown;
    try {
      raw = JSON.parse(body.theme);
    } catch {
      throw TenantErrors.themeInvalid({ detail: 'theme: not valid JSON' });
    }
    const parsed = themeConfig.partial().safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${['theme', ...i.path.map(String)].join('.')}: ${i.message}`)
        .join('; ');
      throw TenantErrors.themeInvalid({ detail });
    }
    const saved = await findMenuTheme(ctx.db, ctx.tenantId, ctx.user.id);
    const theme = { ...(saved ? parseTheme(saved.theme) : DEFAULT_THEME), ...stripUndefined(parsed.data) };
    const row = await saveMenuTheme(
      ctx.db,
      ctx.tenantId,
      ctx.user.id,
      { theme: JSON.stringify(theme), open: body.open },
      saved ? body.objectVersionNumber : undefined,
    );
    if (!row) throw CommonErrors.stale();
    return toTheme(ctx.user.id, row);
  }

  async listScreens(ctx: Ctx): Promise<TenantScreen[]> {
    requireTenant(ctx);
    requireAccess(ctx, SCREEN_ACCESS.list);
    return screenOps.list(ctx, ctx.tenantId);
  }

  async createScreen(ctx: Ctx, body: TenantScreenCreateBody): Promise<TenantScreen> {
    requireTenant(ctx);
    requireAccess(ctx, SCREEN_ACCESS.create);
    return screenOps.create(ctx, ctx.tenantId, body);
  }

  async updateScreen(ctx: Ctx, body: TenantScreenUpdateBody): Promise<TenantScreen> {
    requireTenant(ctx);
    requireAccess(ctx, SCREEN_ACCESS.edit);
    return screenOps.update(ctx, ctx.tenantId, body);
  }

  /** The tenant's settings; any member may read them (the console needs the time zone). */
  async settings(ctx: Ctx): Promise<TenantSettings> {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    const t = await findTenant(ctx.db, ctx.tenantId);
    if (!t) throw TenantErrors.notFound();
    return toSettings(t);
  }

  /** Changes the tenant's calendar: every later "today", day range and report bucket follows it. */
  async saveSettings(ctx: Ctx, body: TenantSettingsBody): Promise<TenantSettings> {
    requireTenant(ctx);
    requireAccess(ctx, SETTINGS_EDIT);
    const before = await findTenant(ctx.db, ctx.tenantId);
    const t = await updateTenantSettings(ctx.db, ctx.tenantId, body.objectVersionNumber, {
      timeZone: body.timeZone,
    });
    if (!t) {
      if (before) throw CommonErrors.stale();
      throw TenantErrors.notFound();
    }
    forgetTenantTimeZone(ctx.tenantId);
    await recordAudit(ctx, {
      action: 'tenant.settings',
      targetType: 'tenant',
      targetId: t.id,
      targetName: t.tenantName,
      before: { timeZone: before?.timeZone ?? null },
      after: { timeZone: t.timeZone },
    });
    return toSettings(t);
  }

  async deleteScreen(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, SCREEN_ACCESS.delete);
    return screenOps.delete(ctx, ctx.tenantId, id);
  }
}
