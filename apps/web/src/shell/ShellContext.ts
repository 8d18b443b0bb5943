import { createContext, useContext } from 'react';
import type { ModuleArea } from '../app/modules';
import type { Brand } from '../shared/brand/useBrand';
import type { MenuNode } from './menu/menuModel';
import type { Self } from './shellPorts';
import type { ThemeConfig } from './theme/theme';

/** What every part of the shell shares: who is signed in, where, with which menu and theme. */
export interface ShellContextValue {
  self: Self;
  tenantId: number;
  module: ModuleArea;
  menu: MenuNode[];
  /** Menu entries from the top down to the shown page. */
  trail: MenuNode[];
  theme: ThemeConfig;
  brand: Brand;
  /** Side menu expanded. */
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  openThemeDrawer: () => void;
  openTenantSwitch: () => void;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export const useShell = (): ShellContextValue => {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside the shell');
  return value;
};
