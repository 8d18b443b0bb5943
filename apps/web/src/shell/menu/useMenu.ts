import { useQuery } from '@tanstack/react-query';
import type { SubModule } from '@tilth/contracts/menu.types';
import type { MenuNode } from '@tilth/contracts/menus';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '../../app/modules';
import { api } from '../../shared/api/client';
import { currentLanguage } from '../../shared/i18n/i18n';

/** A module of the switcher; older servers answer `homePath` where the contracts say `path`. */
export type ModuleEntry = SubModule & { homePath?: string };

/** The signed-in user's menu of one module: the first root's subMenus (spec 01 §7). */
export const useMenuTree = (module: ModuleCode, tenantId: number | undefined) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['menu', tenantId, module, i18n.language],
    queryFn: async () => {
      const roots = await api.get<MenuNode[]>('/iam/stong/v1/menus/role', {
        query: { subModule: module, lang: currentLanguage() },
      });
      return roots[0]?.subMenus ?? [];
    },
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
};

/** Modules the user may enter (GET /iam/v1/{t}/sub-module/self). */
export const useModules = (tenantId: number | undefined) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['sub-modules', tenantId, i18n.language],
    queryFn: () => api.get<ModuleEntry[]>(`/iam/v1/${tenantId}/sub-module/self`, { globalErrors: false }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
};

export const modulePath = (entry: ModuleEntry): string => entry.path || entry.homePath || '/';
