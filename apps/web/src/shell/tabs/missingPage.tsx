import { MENUS, type MenuNodeDef } from '@tilth/contracts/menus';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { matchPattern } from '../../app/routeMatch';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { isExternalLink, isListed, type MenuNode } from '../menu/menuModel';

// A path inside the shell with no page to show. Issue 12 item 8: operators and viewers got "404" for
// catalogue entries their menu leaves out, though the page exists; and the 404 had no way back.

const leafRoutes = (nodes: readonly MenuNodeDef[]): string[] =>
  nodes.flatMap((n) => (n.subMenus ? leafRoutes(n.subMenus) : isExternalLink(n.route) ? [] : [n.route]));

/** Every page of the menu catalogue, whoever may open it. */
const CATALOGUE: readonly string[] = Object.values(MENUS).flatMap(leafRoutes);

export type MissingPageKind = 'noData' | 'noPermission' | 'notFound';

/**
 * Listed in the user's menu but not built yet: 'no related content yet'; in the catalogue but not in the
 * user's menu: 'no permission'; anything else: 'page not found'.
 */
export const missingPageKind = (
  menu: readonly MenuNode[],
  pathname: string,
  catalogue: readonly string[] = CATALOGUE,
): MissingPageKind => {
  if (isListed(menu, pathname)) return 'noData';
  return catalogue.some((route) => matchPattern(route, pathname) !== null) ? 'noPermission' : 'notFound';
};

/** The page shown for a path with no page; 'page not found' offers back and the module's home. */
export function MissingPage({ kind, home }: { kind: MissingPageKind; home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (kind !== 'notFound') return <EmptyState variant={kind} />;
  return (
    <EmptyState
      variant="notFound"
      description={t('common:notFound.description')}
      extra={
        <>
          <Button onClick={() => navigate(-1)}>{t('common:action.back')}</Button>
          <Button type="primary" onClick={() => navigate(home)}>
            {t('common:notFound.home')}
          </Button>
        </>
      }
    />
  );
}
