import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../menu/menuModel';

/** A menu entry's name with its NEW / HOT badge. */
export function MenuLabel({ node }: { node: MenuNode }) {
  const { t } = useTranslation('shell');
  return (
    <span className="tl-menu-label">
      <span className="tl-menu-label__text" title={node.name}>
        {node.name}
      </span>
      {node.isNew ? <span className="tl-flag tl-flag--new">{t('menu.new')}</span> : null}
      {node.isHot ? <span className="tl-flag tl-flag--hot">{t('menu.hot')}</span> : null}
    </span>
  );
}
