import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBrand } from '../../../shared/brand/useBrand';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { LanguageSelect } from '../../../shared/i18n/LanguageSelect';
import { hasAccessToken } from '../../../shared/storage';
import { useSelf } from '../../account/api/account.api';
import { NewsBoard } from './NewsBoard';
import { newsScopeOf, newsTenantOf } from './newsModel';

/** The page frame without the console shell: brand, title, language. */
function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('news');
  const { brand } = useBrand();
  return (
    <div className="tl-news-page">
      <header className="tl-news-page__head">
        <span className="tl-news-page__brand">{brand.loginTitle}</span>
        <h1>{t('title')}</h1>
        <LanguageSelect />
      </header>
      <main className="tl-news-page__main">{children}</main>
    </div>
  );
}

/** Signed in: the user's own tenant, unless the query names another (then its public news). */
function SignedIn({ search }: { search: string }) {
  const self = useSelf();
  if (!self.data) return null;
  const own = self.data.tenantId ?? undefined;
  const target = newsTenantOf(search, own);
  if (!target) return <NoTenant />;
  return <NewsBoard scope={newsScopeOf(target.tenantId, target.fromQuery, true, own)} />;
}

function NoTenant() {
  const { t } = useTranslation('news');
  return (
    <EmptyState
      variant="notFound"
      title={t('noTenant')}
      description={
        <>
          {t('noTenantHint')} <Link to="/login">{t('signIn')}</Link>
        </>
      }
    />
  );
}

/**
 * /information (spec 03 §2): the news page of the query's tenantId (readable signed out), else of the
 * signed-in user's tenant. Lazy and light: no console shell, only the antd pieces the board uses.
 */
export function InformationPage() {
  const { search } = useLocation();
  const signedIn = hasAccessToken();
  const fromQuery = newsTenantOf(search, undefined);
  let body: React.ReactNode;
  if (signedIn) body = <SignedIn search={search} />;
  else if (fromQuery) body = <NewsBoard scope={{ tenantId: fromQuery.tenantId, signedIn: false }} />;
  else body = <NoTenant />;
  return <Frame>{body}</Frame>;
}
