import App from 'antd/es/app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { type Article, type ArticleListItem, articleApi } from './article.api';

type Row = Pick<ArticleListItem, 'id' | 'title' | 'objectVersionNumber' | 'status'>;

/**
 * Publish, schedule, withdraw and delete of one article, shared by the list and the editor: each asks
 * where it matters, reports the outcome (review started, published, scheduled) and then calls `after`.
 */
export const useArticleActions = (tenantId: number, after: (changed: Article | null) => unknown) => {
  const { t } = useTranslation(['contentArticle', 'common']);
  const { modal } = App.useApp();
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState<Row | null>(null);

  const run = async (work: () => Promise<Article | null>, done: (a: Article | null) => string) => {
    setBusy(true);
    try {
      const a = await work();
      message.success(done(a));
      await after(a);
      return a;
    } catch {
      // The server's reason (stale version, under review …) was shown by the API client.
      return null;
    } finally {
      setBusy(false);
    }
  };

  const outcome = (a: Article | null) =>
    a?.status === 'review'
      ? t('contentArticle:done.review')
      : t(`contentArticle:done.${a?.status ?? 'published'}`);

  const publish = (r: Row) => run(() => articleApi.publish(tenantId, r.id, r.objectVersionNumber), outcome);

  const schedule = (r: Row, publishAt: string) =>
    run(() => articleApi.schedule(tenantId, r.id, r.objectVersionNumber, publishAt), outcome).then((a) => {
      if (a) setScheduling(null);
      return a;
    });

  const withdraw = (r: Row) =>
    modal.confirm({
      title: t('contentArticle:withdraw.confirm', { title: r.title }),
      content:
        r.status === 'scheduled'
          ? t('contentArticle:withdraw.scheduledHelp')
          : t('contentArticle:withdraw.help'),
      okText: t('contentArticle:action.withdraw'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          () => articleApi.withdraw(tenantId, r.id, r.objectVersionNumber),
          () => t('contentArticle:done.withdrawn'),
        ),
    });

  const remove = (r: Row) =>
    modal.confirm({
      title: t('common:confirm.delete', { name: r.title }),
      content: t('contentArticle:delete.help'),
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          async () => {
            await articleApi.remove(tenantId, r);
            return null;
          },
          () => t('common:message.deleted'),
        ),
    });

  return { busy, publish, schedule, withdraw, remove, scheduling, setScheduling };
};
