import { useQuery } from '@tanstack/react-query';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatDateTime } from '../../../shared/format/time';
import { RichTextView } from '../../../shared/richtext/RichTextView';
import { useShell } from '../../../shell/ShellContext';
import { newsApi } from './news.api';
import { sourceText } from './newsModel';
import './news.css';

/** page/{id} of each module (/web, /system, /inventory): one published article in the shell; else 404. */
export function ArticlePage() {
  const { t } = useTranslation('news');
  const { tenantId } = useShell();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const page = useQuery({
    queryKey: ['news-page', tenantId, id],
    queryFn: () => newsApi.page(tenantId, id),
    enabled: valid,
    retry: false,
  });
  if (!valid || (page.isError && page.error instanceof ApiError && page.error.status === 404))
    return <EmptyState variant="notFound" title={t('pageNotFound')} />;
  if (page.isError) return <EmptyState variant="networkError" />;
  if (!page.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const p = page.data;
  return (
    <article className="tl-news-article" data-testid="article-page">
      <h1 className="tl-news-detail__title">{p.title}</h1>
      <p className="tl-news-article__meta">
        {formatDateTime(p.uploadDate, 'YYYY-MM-DD HH:mm')} · {t('source')}: {sourceText(p.articleSource)}
      </p>
      <RichTextView html={p.content} />
    </article>
  );
}
