import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSelect } from '../../shared/i18n/LanguageSelect';
import { AreaSelector } from '../area/AreaSelector';
import { menuKey } from '../menu/menuModel';
import { NoticeBell } from '../notice/NoticeBell';
import { useShell } from '../ShellContext';
import { usePageInfo } from '../tabs/pageTitle';
import { UserButton } from './UserButton';

/** Expands or collapses the side menu (remembered, see useMenuOpenState). */
export function CollapseToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { menuOpen, setMenuOpen } = useShell();
  return (
    <button
      type="button"
      className={`tl-icon-button ${className}`}
      aria-label={menuOpen ? t('menu.collapse') : t('menu.expand')}
      aria-expanded={menuOpen}
      onClick={() => setMenuOpen(!menuOpen)}
    >
      {menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}

/** Where the shown page sits in the menu: group › page. */
export function Breadcrumbs() {
  const { trail, menu } = useShell();
  const { pathname } = useLocation();
  const info = usePageInfo(menu);
  const items = trail.length
    ? trail.map((n) => ({ key: menuKey(n), name: n.name }))
    : [{ key: pathname, name: info(pathname).title }];
  return (
    <nav className="tl-crumbs" aria-label="breadcrumb">
      {items.map((item, i) => (
        <span key={item.key} className={i === items.length - 1 ? 'tl-crumbs__current' : undefined}>
          {item.name}
        </span>
      ))}
    </nav>
  );
}

/** The right-hand tools: base selector (farm module), notices, language, and optionally the user. */
export function HeaderTools({
  tone = 'light',
  withUser = false,
}: {
  tone?: 'light' | 'dark';
  withUser?: boolean;
}) {
  const { module, tenantId } = useShell();
  return (
    <div className={`tl-tools tl-tools--${tone}`}>
      {module.code === 'wfpf-farm' ? <AreaSelector tenantId={tenantId} /> : null}
      <NoticeBell />
      <LanguageSelect tone={tone} />
      {withUser ? <UserButton place="header" /> : null}
    </div>
  );
}

/** The top bar above the content of the side-menu layouts. */
export function HeaderBar({ floating = false, toggle = true }: { floating?: boolean; toggle?: boolean }) {
  return (
    <header className={`tl-header${floating ? ' tl-header--floating' : ''}`}>
      {toggle ? <CollapseToggle /> : null}
      <Breadcrumbs />
      <HeaderTools />
    </header>
  );
}
