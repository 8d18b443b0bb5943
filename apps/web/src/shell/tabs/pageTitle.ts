import { useTranslation } from 'react-i18next';
import { findRoute } from '../../app/routeMatch';
import { findLeaf, findTrail, type MenuNode } from '../menu/menuModel';
import { shellPorts } from '../shellPorts';

/** Title and icon of a page: its route's title, else its menu entry's name (pages still to come). */
export const usePageInfo = (menu: readonly MenuNode[]) => {
  const { t } = useTranslation();
  return (path: string): { title: string; icon: string | undefined } => {
    const pathname = path.split(/[?#]/)[0] ?? path;
    const route = findRoute(shellPorts().routes, pathname)?.route;
    const entry = findLeaf(menu, pathname) ?? findTrail(menu, pathname).at(-1);
    const title = route ? t(route.title) : (entry?.name ?? t('common:route.notFound'));
    return { title, icon: entry?.icon };
  };
};
