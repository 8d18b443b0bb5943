// The three module areas of the console (spec 01 §1, §2.1) and where each one lands.
export type ModuleCode = 'wfpf-farm' | 'wfpf-inventory' | 'wfpf-company';

export interface ModuleArea {
  code: ModuleCode;
  prefix: '/web' | '/inventory' | '/system';
  /** Home page of the module: its fixed first tab. */
  home: string;
}

export const MODULE_AREAS: readonly ModuleArea[] = [
  { code: 'wfpf-farm', prefix: '/web', home: '/web/farm/home' },
  { code: 'wfpf-inventory', prefix: '/inventory', home: '/inventory/base/product' },
  { code: 'wfpf-company', prefix: '/system', home: '/system/user-manage' },
];

export const FARM_HOME = '/web/farm/home';

/** The module area a path belongs to, or undefined outside them (/login, /seed …). */
export const moduleOf = (pathname: string): ModuleArea | undefined =>
  MODULE_AREAS.find((m) => pathname === m.prefix || pathname.startsWith(`${m.prefix}/`));
