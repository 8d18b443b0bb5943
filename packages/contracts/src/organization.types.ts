import { z } from 'zod';
import { bodyId, objectVersionNumber, queryId, requiredText, updateBodyOf } from './common.types.js';

// The organisation tree (issue 13 item 1, ADR 0011; rules of spec 03 §5). Paths: /wfpf/v1/{t}/organization….

export const UNIT_TYPES = ['enterprise', 'company', 'area', 'department'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
/** Types a client may create (the enterprise is the tenant's one root, made with the tenant). */
export const CREATABLE_UNIT_TYPES = ['company', 'area', 'department'] as const;
export const UNIT_NAME_MAX = 60;
export const UNIT_SORT_MAX = 100_000;
export const UNIT_MEMBERS_MAX = 1000;

/**
 * Spec 03 §5: a department belongs only to a company, base or department; a company or base only to the
 * enterprise or a company. The one table of the rule, used by the server and by the console's pickers.
 */
const CHILD_TYPES: Readonly<Record<UnitType, readonly UnitType[]>> = {
  enterprise: ['company', 'area'],
  company: ['company', 'area', 'department'],
  area: ['department'],
  department: ['department'],
};

/** Which unit types may be placed under a unit of `parent` type. */
export const childTypesOf = (parent: string): readonly UnitType[] =>
  (CHILD_TYPES as Record<string, readonly UnitType[]>)[parent] ?? [];

export const mayContain = (parent: string, child: string): boolean =>
  childTypesOf(parent).includes(child as UnitType);

/** Staff are not added directly under the enterprise (spec 03 §5). */
export const mayHaveStaff = (type: string): boolean => type !== 'enterprise';

export const unitName = requiredText(UNIT_NAME_MAX);
const sort = z.number().int().min(0).max(UNIT_SORT_MAX);

export const orgUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationType: z.string(),
  parentId: z.number().int().nullable(),
  headUserId: z.number().int().nullable(),
  headName: z.string().nullable(),
  sort: z.number().int(),
  staffCount: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type OrgUnit = z.infer<typeof orgUnit>;

export type OrgTreeNode = OrgUnit & { children: OrgTreeNode[] };
// Children are nodes of this same shape; declared loosely because OpenAPI generation cannot follow a
// recursive zod schema (the service builds them from one typed row list).
export const orgTreeNode = orgUnit.extend({
  children: z.array(z.unknown()).meta({ description: 'child nodes, each of this same shape' }),
});
/** GET …/organization/tree: the tenant's tree from its one root (an array, so an empty tenant answers []). */
export const orgTree = z.array(orgTreeNode);

export const orgUnitCreateBody = z.strictObject({
  name: unitName,
  organizationType: z.enum(CREATABLE_UNIT_TYPES),
  parentId: bodyId,
  headUserId: bodyId.nullable().optional(),
  sort: sort.optional(),
});
export type OrgUnitCreateBody = z.infer<typeof orgUnitCreateBody>;

const orgUnitUpdateFields = z.strictObject({
  id: bodyId,
  objectVersionNumber,
  name: unitName,
  headUserId: bodyId.nullable().optional(),
  sort: sort.optional(),
});
/** PUT …/organization: rename, head, sort (moves have their own call). */
export const orgUnitUpdateBody = updateBodyOf(orgUnitUpdateFields, orgUnit.extend({ children: z.unknown() }));
export type OrgUnitUpdateBody = z.infer<typeof orgUnitUpdateBody>;

export const orgUnitMoveBody = z.strictObject({
  id: bodyId,
  parentId: bodyId,
  sort: sort.optional(),
  objectVersionNumber,
});
export type OrgUnitMoveBody = z.infer<typeof orgUnitMoveBody>;

export const orgIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  id: queryId,
});
export const orgUserParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  userId: queryId,
});

export const orgMember = z.object({
  userId: z.number().int(),
  realName: z.string().nullable(),
  loginName: z.string(),
  phone: z.string().nullable(),
});
export type OrgMember = z.infer<typeof orgMember>;
export const orgMemberList = z.array(orgMember);

const idSet = z
  .array(bodyId)
  .max(UNIT_MEMBERS_MAX)
  .transform((ids) => [...new Set(ids)]);
export const orgMembersBody = z.strictObject({ userIds: idSet });
export type OrgMembersBody = z.infer<typeof orgMembersBody>;

export const userUnit = z.object({
  unitId: z.number().int(),
  name: z.string(),
  organizationType: z.string(),
});
export type UserUnit = z.infer<typeof userUnit>;
export const userUnitList = z.array(userUnit);
export const userUnitsBody = z.strictObject({ unitIds: idSet });
export type UserUnitsBody = z.infer<typeof userUnitsBody>;
