import AntdApp from 'antd/es/app';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Spin from 'antd/es/spin';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MODULE_AREAS, moduleOf } from '../app/modules';
import { onSessionEnd } from '../app/session';
import { useBrand } from '../shared/brand/useBrand';
import { EmptyState, type EmptyVariant } from '../shared/EmptyState/EmptyState';
import { setTimeZone, useTimeZone } from '../shared/format/time';
import { useTruncationTitles } from '../shared/truncationTitle';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { LAYOUTS } from './layouts';
import { findTrail, type MenuNode } from './menu/menuModel';
import { useMenuTree } from './menu/useMenu';
import { ShellContext, type ShellContextValue } from './ShellContext';
import { type Self, shellPorts } from './shellPorts';
import { usePageInfo } from './tabs/pageTitle';
import { dispatchPane, resetPanes } from './tabs/paneStore';
import { menuTokens, shellCssVars } from './theme/menuTokens';
import { loadTheme, resetThemeStore, useTheme } from './theme/themeStore';
import { useMenuOpenState } from './useMenuOpenState';
import './shell.css';

// Opened from the user panel only: their code (antd ColorPicker, the tenant table) comes with the first
// opening, not with the shell.
const ThemeDrawer = lazy(() => import('./theme/ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));
const TenantSwitchModal = lazy(() =>
  import('./account/TenantSwitchModal').then((m) => ({ default: m.TenantSwitchModal })),
);

// Spec 01 §4: without an access token every tab (and its kept page) is dropped, and the next user starts
// from the default theme.
onSessionEnd(() => {
  resetPanes();
  resetThemeStore();
});

const NO_MENU: MenuNode[] = [];

const FullPage = ({ children }: { children: ReactNode }) => <div className="tl-shell-state">{children}</div>;

function ShellProblem({ variant, description }: { variant: EmptyVariant; description?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <FullPage>
      <EmptyState
        variant={variant}
        description={description}
        extra={
          <>
            <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
            <Button onClick={() => void shellPorts().logout((to) => navigate(to, { replace: true }))}>
              {t('panel.logout')}
            </Button>
          </>
        }
      />
    </FullPage>
  );
}

/** The console frame of the module areas (/web, /inventory, /system): menu, header, tabs and pages. */
export function Shell() {
  // Waits for the page titles of every domain too, so no tab or menu trail shows a raw key.
  const { t } = useTranslation(['shell', ...shellPorts().titleNamespaces]);
  const self = shellPorts().useSelf();
  useTruncationTitles();
  if (self.isPending) {
    return (
      <FullPage>
        <Spin size="large" />
      </FullPage>
    );
  }
  if (self.isError) return <ShellProblem variant="networkError" />;
  // tenantId -1: the account belongs to no enterprise (spec 01 §3).
  if (self.data.tenantId < 0) return <ShellProblem variant="noSystemInfo" description={t('noTenant')} />;
  return <SignedInShell self={self.data} />;
}

function SignedInShell({ self }: { self: Self }) {
  const location = useLocation();
  const navigate = useNavigate();
  const module = moduleOf(location.pathname) ?? MODULE_AREAS[0];
  if (!module) throw new Error('no module areas');
  const tenantId = self.tenantId;
  const { theme, loaded } = useTheme();
  const { brand } = useBrand();
  const served = useMenuTree(module.code, tenantId).data ?? NO_MENU;
  const { i18n } = useTranslation();
  const menu = useMemo(() => {
    const extra = shellPorts().extraMenu(module.code, self, i18n.language);
    return extra.length ? [...served, ...extra] : served;
  }, [served, module.code, self, i18n.language]);
  const [menuOpen, setMenuOpen] = useMenuOpenState(theme.layout);
  // undefined: never opened, so not loaded yet.
  const [drawerOpen, setDrawerOpen] = useState<boolean>();
  const [tenantSwitchOpen, setTenantSwitchOpen] = useState<boolean>();

  // The pages count days in the current tenant's zone (ADR 0010): set before they first render, and again
  // (re-rendering the frame, hence the pages) when the tenant or its zone changes.
  const zone = shellPorts().currentTenantOf(self)?.timeZone;
  useState(() => setTimeZone(zone));
  useLayoutEffect(() => setTimeZone(zone), [zone]);
  useTimeZone();

  useEffect(() => {
    void loadTheme(tenantId);
  }, [tenantId]);

  // Spec 01 §4: a tenant that is still new goes through the beginner's guide on /home first.
  const novice = shellPorts().useNoviceCheck(tenantId);
  useEffect(() => {
    if (novice.data === 1) navigate('/home', { replace: true });
  }, [novice.data, navigate]);

  useEffect(() => {
    dispatchPane(module, { type: 'open', path: `${location.pathname}${location.search}` });
  }, [module, location.pathname, location.search]);

  // The theme's CSS variables go on the root element so popovers, modals and drawers (rendered outside the
  // shell's element) share them.
  useEffect(() => {
    const vars = shellCssVars(theme);
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) style.removeProperty(name);
    };
  }, [theme]);

  const trail = useMemo(() => findTrail(menu, location.pathname), [menu, location.pathname]);
  const title = usePageInfo(menu)(location.pathname).title;
  useDocumentTitle(`${title} · ${brand.loginTitle}`);

  const context: ShellContextValue = {
    self,
    tenantId,
    module,
    menu,
    trail,
    theme,
    brand,
    menuOpen,
    setMenuOpen,
    openThemeDrawer: () => setDrawerOpen(true),
    openTenantSwitch: () => setTenantSwitchOpen(true),
  };

  if (!loaded) {
    return (
      <FullPage>
        <Spin size="large" />
      </FullPage>
    );
  }
  const Layout = LAYOUTS[theme.layout];
  return (
    <ShellContext.Provider value={context}>
      <ConfigProvider
        theme={{
          token: { colorPrimary: theme.themeColor, colorLink: theme.themeColor, colorInfo: theme.themeColor },
          components: { Menu: menuTokens(theme) },
        }}
      >
        {/* antd's App: App.useApp() (message, modal, notification) for the pages, themed like the shell. */}
        <AntdApp component={false}>
          <div className={`tl-shell tl-shell--${theme.layout}`}>
            <Layout />
          </div>
          <Suspense fallback={null}>
            {drawerOpen === undefined ? null : (
              <ThemeDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
            )}
            {tenantSwitchOpen === undefined ? null : (
              <TenantSwitchModal open={tenantSwitchOpen} onClose={() => setTenantSwitchOpen(false)} />
            )}
          </Suspense>
        </AntdApp>
      </ConfigProvider>
    </ShellContext.Provider>
  );
}
