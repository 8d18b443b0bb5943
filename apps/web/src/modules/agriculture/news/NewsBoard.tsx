import { useQuery } from '@tanstack/react-query';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsBanners } from './NewsBanners';
import { NewsCarousel } from './NewsCarousel';
import { NewsDetailDrawer } from './NewsDetailDrawer';
import { NewsCards, NewsRankList } from './NewsLists';
import { type NewsListParams, newsApi, newsKeys } from './news.api';
import { categoryTabs, type NewsScope } from './newsModel';
import './news.css';

const SHORT = 10;
const PAGE = 20;

const useNewsList = (scope: NewsScope, p: NewsListParams, enabled = true) =>
  useQuery({
    queryKey: newsKeys.list(scope, p),
    queryFn: () => newsApi.list(scope, p),
    enabled,
    retry: false,
    placeholderData: (prev) => prev,
  });

/** One category tab's card list, paged from 1. */
function CategoryPane({
  scope,
  categoryId,
  onOpen,
}: {
  scope: NewsScope;
  categoryId: number | undefined;
  onOpen: (id: number) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useNewsList(scope, { valueType: 0, categoryId, page, size: PAGE });
  if (!list.data) return <Skeleton active />;
  return (
    <NewsCards
      items={list.data.list}
      total={list.data.total}
      page={page}
      size={PAGE}
      onPage={setPage}
      onOpen={onOpen}
    />
  );
}

/**
 * The news of one tenant (spec 03 §2 "News page"): carousel, latest, hot list, category tabs and the
 * detail drawer, under the banners placed 'news'. Used by /information (no shell) and /web/agriculture/information (in the shell).
 */
export function NewsBoard({ scope }: { scope: NewsScope }) {
  const { t, i18n } = useTranslation('news');
  const [open, setOpen] = useState<number | null>(null);
  const carousel = useNewsList(scope, { valueType: 3, size: SHORT });
  const latest = useNewsList(scope, { valueType: 2, size: SHORT });
  const hot = useNewsList(scope, { valueType: 1, size: SHORT });
  const cats = useQuery({
    queryKey: newsKeys.categories(scope),
    queryFn: () => newsApi.categories(scope),
    retry: false,
  });
  const failed = [carousel, latest, hot, cats].find((q) => q.isError);
  if (failed) {
    return (
      <div className="tl-news-failed" role="alert">
        {t('loadFailed')}
      </div>
    );
  }
  const tabs = categoryTabs(cats.data ?? [], i18n.language === 'en-US');
  const nothing = latest.data?.total === 0;
  return (
    <div className="tl-news">
      <NewsBanners tenantId={scope.tenantId} />
      {carousel.data && carousel.data.list.length > 0 ? (
        <NewsCarousel items={carousel.data.list} onOpen={setOpen} />
      ) : null}
      {nothing ? (
        <p className="tl-news-empty tl-news-empty--page" data-testid="news-empty">
          {t('emptyAll')}
        </p>
      ) : (
        <>
          <div className="tl-news-columns">
            {latest.data ? (
              <NewsRankList kind="latest" items={latest.data.list} onOpen={setOpen} />
            ) : (
              <Skeleton active />
            )}
            {hot.data ? (
              <NewsRankList kind="hot" items={hot.data.list} onOpen={setOpen} />
            ) : (
              <Skeleton active />
            )}
          </div>
          <section className="tl-news-panel" data-testid="news-tabs">
            <Tabs
              items={[
                { key: 'all', label: t('all') },
                ...tabs.map((c) => ({ key: c.key, label: c.label })),
              ].map((tab) => ({
                ...tab,
                children: (
                  <CategoryPane
                    scope={scope}
                    categoryId={tab.key === 'all' ? undefined : Number(tab.key)}
                    onOpen={setOpen}
                  />
                ),
              }))}
              destroyOnHidden
            />
          </section>
        </>
      )}
      <NewsDetailDrawer scope={scope} consultId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
