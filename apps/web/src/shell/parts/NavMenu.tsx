import type { MenuProps } from 'antd';
import Menu from 'antd/es/menu';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { menuIcon } from '../menu/icons';
import { isExternalLink, isGroup, type MenuNode, menuKey } from '../menu/menuModel';
import { useShell } from '../ShellContext';
import { MenuLabel } from './MenuLabel';

type Items = NonNullable<MenuProps['items']>;

const toItems = (nodes: readonly MenuNode[], popupClassName?: string): Items =>
  nodes.map((node) =>
    isGroup(node)
      ? {
          key: menuKey(node),
          icon: menuIcon(node.icon),
          label: <MenuLabel node={node} />,
          children: toItems(node.subMenus, popupClassName),
          popupClassName,
        }
      : { key: menuKey(node), icon: menuIcon(node.icon), label: <MenuLabel node={node} /> },
  );

interface NavMenuProps {
  /** The entries to show (the whole menu, or one group's entries in the subfield layout). */
  nodes: readonly MenuNode[];
  mode: 'inline' | 'horizontal';
  /** 'dark': painted with the menu colours; 'light': white with the theme colour. */
  tone: 'dark' | 'light';
  collapsed?: boolean;
  popupClassName?: string;
}

/** The menu of the signed-in user: selects the shown page, opens http links in a new window. */
export function NavMenu({ nodes, mode, tone, collapsed = false, popupClassName }: NavMenuProps) {
  const { trail } = useShell();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(nodes, popupClassName), [nodes, popupClassName]);
  const trailKeys = useMemo(() => trail.map(menuKey), [trail]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trailKeys.filter((k) => k.startsWith('group:')));

  // Navigating elsewhere opens the groups leading to the new page (without closing the others).
  useEffect(() => {
    setOpenKeys((open) => [...new Set([...open, ...trailKeys.filter((k) => k.startsWith('group:'))])]);
  }, [trailKeys]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternalLink(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else navigate(key);
  };

  return (
    <Menu
      className={`tl-nav tl-nav--${tone} tl-nav--${mode}`}
      mode={mode}
      theme={tone}
      items={items}
      selectedKeys={trailKeys}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
    />
  );
}
