import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { menuIcon } from '../menu/icons';
import { isExternalLink, isGroup, type MenuNode, menuKey } from '../menu/menuModel';
import { BrandMark } from '../parts/BrandMark';
import { ContentArea } from '../parts/ContentArea';
import { HeaderBar } from '../parts/HeaderBar';
import { NavMenu } from '../parts/NavMenu';
import { UserButton } from '../parts/UserButton';
import { useShell } from '../ShellContext';

/**
 * subfield: a narrow rail of the menu's first level in the menu colour; the chosen group's entries in a
 * second, white column (subfieldStyle lengthway) or as a bar above the content (subfieldStyle crosswise).
 */
export function SubfieldLayout() {
  const { menu, trail, menuOpen, setMenuOpen, theme } = useShell();
  const navigate = useNavigate();
  const shownKey = trail[0] ? menuKey(trail[0]) : undefined;
  const [groupKey, setGroupKey] = useState(shownKey);
  useEffect(() => setGroupKey(shownKey), [shownKey]);

  const group = menu.find((n) => menuKey(n) === groupKey && isGroup(n));
  const crosswise = theme.subfieldStyle === 'crosswise';

  const pick = (node: MenuNode) => {
    if (isGroup(node)) {
      setGroupKey(menuKey(node));
      if (!menuOpen && !crosswise) setMenuOpen(true);
    } else if (isExternalLink(node.route)) window.open(node.route, '_blank', 'noopener,noreferrer');
    else navigate(node.route);
  };

  return (
    <div className="tl-subfield">
      <aside className="tl-subfield__rail">
        <BrandMark compact />
        <nav className="tl-scroll tl-rail">
          {menu.map((node) => {
            const key = menuKey(node);
            const active = key === groupKey || key === shownKey;
            return (
              <button
                key={key}
                type="button"
                className={`tl-rail__item${active ? ' tl-rail__item--active' : ''}`}
                aria-current={key === shownKey ? 'page' : undefined}
                title={node.name}
                onClick={() => pick(node)}
              >
                <span className="tl-rail__icon">{menuIcon(node.icon)}</span>
                <span className="tl-rail__name">{node.name}</span>
              </button>
            );
          })}
        </nav>
        <div className="tl-side-foot">
          <UserButton place="menu" showName={false} />
        </div>
      </aside>
      {group && menuOpen && !crosswise ? (
        <aside className="tl-subfield__column">
          <div className="tl-subfield__title">{group.name}</div>
          <div className="tl-scroll">
            <NavMenu nodes={group.subMenus} mode="inline" tone="light" />
          </div>
        </aside>
      ) : null}
      <div className="tl-subfield__main">
        <HeaderBar toggle={!crosswise} />
        {group && crosswise ? (
          <div className="tl-subfield__bar">
            <NavMenu nodes={group.subMenus} mode="horizontal" tone="light" />
          </div>
        ) : null}
        <ContentArea />
      </div>
    </div>
  );
}
