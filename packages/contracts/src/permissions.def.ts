// Building blocks of the permission catalogue (permissions.ts). Kept apart so the catalogue parts
// (permissions.farm.ts, permissions.equipment.ts, permissions.company.ts) can use them without an
// import cycle.

/** The three functional modules (spec 01 §1). */
export type SubModuleCode = 'wfpf-farm' | 'wfpf-inventory' | 'wfpf-company';

/** A display name in both console languages. */
export interface LocalizedName {
  'zh-CN': string;
  'en-US': string;
}

export interface PermissionDef {
  code: string;
  subModule: SubModuleCode;
  name: LocalizedName;
}

/** Every code starts with the module it belongs to: wfpf.farm, wfpf.inventory or wfpf.company. */
export type PermissionCodeShape =
  | `wfpf.farm.${string}`
  | `wfpf.inventory.${string}`
  | `wfpf.company.${string}`;

export function subModuleOfCode(code: PermissionCodeShape): SubModuleCode {
  if (code.startsWith('wfpf.farm.')) return 'wfpf-farm';
  if (code.startsWith('wfpf.inventory.')) return 'wfpf-inventory';
  return 'wfpf-company';
}

/** One catalogue entry; the literal code type is kept so PermissionCode is a union of literals. */
export function perm<const C extends PermissionCodeShape>(
  code: C,
  zh: string,
  en: string,
): { code: C; subModule: SubModuleCode; name: LocalizedName } {
  return { code, subModule: subModuleOfCode(code), name: { 'zh-CN': zh, 'en-US': en } };
}
