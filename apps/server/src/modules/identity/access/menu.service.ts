import type { SubModule } from '@tilth/contracts/menu.types';
import { filterMenus, MENUS, type MenuNode, SUB_MODULES, type SubModuleDef } from '@tilth/contracts/menus';
import { PERMISSIONS, type SubModuleCode } from '@tilth/contracts/permissions';
import type { Database } from '../../../platform/db/client.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant, requireUser } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { isTenantMember } from '../identity/index.js';
import { tenantsOfUser } from './menu.repository.js';
import { permissionCodes } from './permission-codes.repository.js';

export interface MenuScope {
  subModule?: SubModuleCode | undefined;
  /** Another tenant of the caller's; the current tenant when absent. */
  tenantId?: number | undefined;
  lang?: Lang | undefined;
}

const NONE: ReadonlySet<string> = new Set();

const subModuleOf: ReadonlyMap<string, SubModuleCode> = new Map(
  PERMISSIONS.map((p) => [p.code, p.subModule]),
);

const toSubModule = (m: SubModuleDef, lang: Lang): SubModule => ({
  code: m.code,
  name: m.name[lang],
  icon: m.icon,
  path: m.homePath,
  type: 'route',
});

/** A sub-module as the root of its menu: the console reads the first root's subMenus. */
const rootOf = (m: SubModuleDef, codes: ReadonlySet<string>, lang: Lang): MenuNode => ({
  name: m.name[lang],
  route: m.homePath,
  icon: m.icon,
  viewCode: m.code,
  isNew: 0,
  isHot: 0,
  subMenus: filterMenus(MENUS[m.code], codes, lang),
});

/**
 * Menus, modules and permission checks. The /iam/stong/v1/menus/* calls carry no tenant in the path, so
 * no tenant transaction is open for them: this service opens one of its own on the caller's current
 * tenant to read their codes (the only place a service does so).
 */
export class MenuService {
  constructor(private readonly database: Database) {}

  /** All modules of the tenant (GET /iam/v1/{t}/sub-module). */
  subModules(ctx: Ctx): SubModule[] {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    return SUB_MODULES.map((m) => toSubModule(m, ctx.lang));
  }

  /** Modules in which the caller holds at least one code (GET /iam/v1/{t}/sub-module/self). */
  selfSubModules(ctx: Ctx): SubModule[] {
    requireTenant(ctx);
    requireAccess(ctx, 'authenticated');
    const mine = new Set([...ctx.permissions].map((c) => subModuleOf.get(c)));
    return SUB_MODULES.filter((m) => mine.has(m.code)).map((m) => toSubModule(m, ctx.lang));
  }

  /**
   * The caller's menu: one root per sub-module. With subModule, exactly that root (possibly with no
   * subMenus); without, every module the caller sees something of.
   */
  async menus(ctx: Ctx, q: MenuScope): Promise<MenuNode[]> {
    requireAccess(ctx, 'authenticated');
    const codes = await this.codes(ctx, q.tenantId);
    const lang = q.lang ?? ctx.lang;
    if (q.subModule) {
      const m = SUB_MODULES.find((s) => s.code === q.subModule);
      return m ? [rootOf(m, codes, lang)] : [];
    }
    return SUB_MODULES.map((m) => rootOf(m, codes, lang)).filter((r) => r.subMenus.length > 0);
  }

  /** Which of these codes the caller holds (unknown codes are not approved). */
  async checkResources(ctx: Ctx, codes: readonly string[], tenantId?: number) {
    requireAccess(ctx, 'authenticated');
    const held = await this.codes(ctx, tenantId);
    return codes.map((code) => ({ code, approve: held.has(code) }));
  }

  /** The codes the caller holds, in catalogue order, optionally of one sub-module. */
  async permissions(ctx: Ctx, q: MenuScope): Promise<string[]> {
    requireAccess(ctx, 'authenticated');
    const held = await this.codes(ctx, q.tenantId);
    return PERMISSIONS.filter((p) => held.has(p.code) && (!q.subModule || p.subModule === q.subModule)).map(
      (p) => p.code,
    );
  }

  /** The caller's codes in the asked tenant (403 unless a member) or their current one (none if unset). */
  private async codes(ctx: Ctx, requested: number | undefined): Promise<ReadonlySet<string>> {
    requireUser(ctx);
    const userId = ctx.user.id;
    let tenantId = requested;
    if (tenantId === undefined) {
      const t = await tenantsOfUser(ctx.db, userId);
      tenantId = t?.currentTenantId ?? t?.defaultTenantId ?? undefined;
    }
    if (tenantId === undefined || tenantId < 0) return NONE;
    const id = tenantId;
    const codes = await this.database.withTenant(id, async (tx) =>
      (await isTenantMember(tx, id, userId)) ? new Set(await permissionCodes(tx, userId)) : undefined,
    );
    if (codes) return codes;
    // A current tenant the user has since left gives nothing; asking for a foreign one is refused.
    if (requested !== undefined) throw CommonErrors.forbidden();
    return NONE;
  }
}
