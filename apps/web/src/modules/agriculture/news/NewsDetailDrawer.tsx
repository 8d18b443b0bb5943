import { useQuery, useQueryClient } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { RichTextView } from '../../../shared/richtext/RichTextView';
import { newsApi, newsKeys } from './news.api';
import { countText, type NewsScope, sourceText } from './newsModel';

/** Spec 03 §2 / §9: the detail drawer, 1000 wide — title, release time, source, read count, the body. */
export function NewsDetailDrawer({
  scope,
  consultId,
  onClose,
}: {
  scope: NewsScope;
  consultId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('news');
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: newsKeys.detail(scope, consultId ?? 0),
    queryFn: () => newsApi.detail(scope, consultId ?? 0),
    enabled: consultId !== null,
    retry: false,
    // Each opening is a read (the server counts one per reader per day).
    gcTime: 0,
  });
  // The read may have changed counts and the hot list: the lists refresh behind the drawer.
  useEffect(() => {
    if (detail.isSuccess) void client.invalidateQueries({ queryKey: [...newsKeys.all(scope), 'list'] });
  }, [detail.isSuccess, client, scope]);
  const d = detail.data;
  return (
    <Drawer
      open={consultId !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={d?.title ?? t('detail')}
      className="tl-news-drawer"
    >
      {detail.isError ? (
        <Result status="404" title={t('notFound')} />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <article data-testid="news-detail">
          <h1 className="tl-news-detail__title">{d.title}</h1>
          <dl className="tl-news-detail__meta">
            <div>
              <dt>{t('releaseTime')}</dt>
              <dd>{formatDateTime(d.uploadDate, 'YYYY-MM-DD HH:mm')}</dd>
            </div>
            <div>
              <dt>{t('source')}</dt>
              <dd>{sourceText(d.articleSource)}</dd>
            </div>
            <div>
              <dt>{t('reads')}</dt>
              <dd data-testid="news-read-count">{countText(d.readTime, i18n.language)}</dd>
            </div>
            {d.categoryName ? (
              <div>
                <dt>{t('category')}</dt>
                <dd>{d.categoryName}</dd>
              </div>
            ) : null}
          </dl>
          <RichTextView html={d.content} />
        </article>
      )}
    </Drawer>
  );
}
