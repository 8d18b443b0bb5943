import type { UseQueryResult } from '@tanstack/react-query';
import type { Page, selfResponse, tenantSummary } from '@tilth/contracts';
import type { Area } from '@tilth/contracts/area.types';
import type { MenuNode } from '@tilth/contracts/menus';
import type { Infer } from '../shared/api/types';
import type { RouteDef } from '../shared/routing/routeDef';

// The console frame knows no domain: what it needs from them (its pages, who is signed in, signing out,
// tenants, bases, the beginner's guide check) is plugged in by the app layer (app/shellEntry.ts) before the shell renders.

export type Self = Infer<typeof selfResponse>;
export type TenantSummary = Infer<typeof tenantSummary>;

export interface ShellPorts {
  /** The pages shown inside the shell, and the locale namespaces of their titles. */
  routes: readonly RouteDef[];
  titleNamespaces: readonly string[];
  /** The signed-in user, as the account pages see it (one shared query). */
  useSelf: () => UseQueryResult<Self>;
  selfQueryKey: readonly unknown[];
  currentTenantOf: (self: Self | undefined) => TenantSummary | undefined;
  tenantsPage: (query: { page: number; size: number; tenantName?: string }) => Promise<Page<TenantSummary>>;
  switchTenant: (tenantId: number) => Promise<Self>;
  setDefaultTenant: (tenantId: number) => Promise<Self>;
  /** Signs out on the server and here, then goes to `navigate`'s target. */
  logout: (navigate: (to: string) => void) => Promise<void>;
  /** 1 while the tenant still needs its first base (the beginner's guide), else 0. */
  useNoviceCheck: (tenantId: number | undefined) => UseQueryResult<0 | 1>;
  areasPage: (
    tenantId: number,
    query: { page: number; size: number; areaName?: string },
  ) => Promise<Page<Area>>;
  areaPageSize: number;
  /**
   * Entries the server's menu cannot list (they hang on the user, not on a tenant's permission codes: the
   * platform administrator's), appended to the module's menu. Empty for everyone they are not for.
   */
  extraMenu: (module: string, self: Self | undefined, language: string) => MenuNode[];
}

let plugged: ShellPorts | undefined;

export const plugShellPorts = (ports: ShellPorts): void => {
  plugged = ports;
};

export const shellPorts = (): ShellPorts => {
  if (!plugged) throw new Error('shell ports not plugged in (app/shellEntry.ts)');
  return plugged;
};
