import { z } from 'zod';

// Menus, sub-modules and permission checks (spec 01 §6, §7 "Authentication and identity").

export const SUB_MODULE_CODES = ['wfpf-farm', 'wfpf-inventory', 'wfpf-company'] as const;
export const subModuleCode = z.enum(SUB_MODULE_CODES);

/** A module of the module switcher (spec 01 §3 "Module state"), in the caller's language. */
export const subModule = z.object({
  code: subModuleCode,
  name: z.string(),
  icon: z.string(),
  /** Where the switcher lands. */
  path: z.string(),
  type: z.literal('route'),
});
export type SubModule = z.infer<typeof subModule>;
export const subModuleList = z.array(subModule);

/**
 * Query of the /iam/stong/v1/menus/* calls. They run in the caller's current tenant; `tenantId` asks for
 * another tenant the caller belongs to.
 */
export const menuScopeQuery = z.object({
  subModule: subModuleCode.optional(),
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const menuRoleQuery = menuScopeQuery.extend({
  lang: z.enum(['zh-CN', 'en-US']).optional(),
});

export interface MenuNodeAnswer {
  name: string;
  route: string;
  icon: string;
  viewCode: string;
  isNew: 0 | 1;
  isHot: 0 | 1;
  subMenus: MenuNodeAnswer[];
}

const flag = z.union([z.literal(0), z.literal(1)]);

export const menuNode: z.ZodType<MenuNodeAnswer> = z.object({
  name: z.string(),
  route: z.string(),
  icon: z.string(),
  viewCode: z.string(),
  isNew: flag,
  isHot: flag,
  get subMenus() {
    return z.array(menuNode);
  },
});

/** One root per sub-module; the root's subMenus is the module's menu (spec: the first element is read). */
export const menuTree = z.array(menuNode);

/** POST /iam/stong/v1/menus/check-resources: the codes to check. */
export const checkResourcesBody = z.array(z.string().max(200)).max(200);
export const checkResourcesAnswer = z.array(z.object({ code: z.string(), approve: z.boolean() }));

export const permissionCodeList = z.array(z.string());
