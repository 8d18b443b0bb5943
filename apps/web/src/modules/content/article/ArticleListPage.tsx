import { useQuery } from '@tanstack/react-query';
import { ARTICLE_STATUSES, type ArticleAction, type ArticleListItem } from '@tilth/contracts/article.types';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { ARTICLE_CODES, articleApi, articleKeys, categoryApi } from './article.api';
import { categoryLabel, categoryTree, rowActions, STATUS_COLOR, shownTime } from './articleModel';
import { editorPath } from './articlePaths';
import { CoverImage } from './CoverImage';
import { ScheduleModal } from './ScheduleModal';
import { useArticleActions } from './useArticleActions';

const ACTION_CODE: Record<ArticleAction, string> = {
  edit: ARTICLE_CODES.edit,
  publish: ARTICLE_CODES.publish,
  schedule: ARTICLE_CODES.publish,
  withdraw: ARTICLE_CODES.publish,
  delete: ARTICLE_CODES.delete,
  restore: ARTICLE_CODES.edit,
};

/** Articles (/system/article): filters, paging, and each row's actions by its status. */
export function ArticleListPage() {
  const { t, i18n } = useTranslation(['contentArticle', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const list = usePagedList<ArticleListItem>(articleKeys.list(tenantId), (q) => articleApi.page(tenantId, q));
  const categories = useQuery({
    queryKey: articleKeys.categories(tenantId),
    queryFn: () => categoryApi.list(tenantId),
  });
  const actions = useArticleActions(tenantId, () => list.refresh());
  const codes = usePermissions([ARTICLE_CODES.edit]).allowed;
  const canPublish = usePermissions([ARTICLE_CODES.publish]).allowed;
  const canDelete = usePermissions([ARTICLE_CODES.delete]).allowed;
  const allowed = (a: ArticleAction) =>
    ACTION_CODE[a] === ARTICLE_CODES.edit
      ? codes
      : ACTION_CODE[a] === ARTICLE_CODES.publish
        ? canPublish
        : canDelete;

  // Flattened with indents: the filter's select shows the tree's order.
  const categoryOptions = useMemo(() => {
    const out: { value: number; label: string }[] = [];
    const walk = (nodes: ReturnType<typeof categoryTree>, depth: number) => {
      for (const n of nodes) {
        out.push({ value: n.value, label: `${'\u3000'.repeat(depth)}${n.title}` });
        if (n.children) walk(n.children, depth + 1);
      }
    };
    walk(categoryTree(categories.data ?? [], i18n.language), 0);
    return out;
  }, [categories.data, i18n.language]);

  const fields: FilterField[] = [
    { name: 'title', label: t('contentArticle:field.title'), type: 'text' },
    {
      name: 'categoryId',
      label: t('contentArticle:field.category'),
      type: 'select',
      options: categoryOptions,
    },
    {
      name: 'status',
      label: t('contentArticle:field.status'),
      type: 'select',
      options: ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`contentArticle:status.${s}`) })),
    },
    {
      name: 'released',
      label: t('contentArticle:field.releaseDays'),
      type: 'dateRange',
      names: ['dateFrom', 'dateTo'],
    },
  ];

  const run = (a: ArticleAction, r: ArticleListItem) => {
    if (a === 'edit') navigate(editorPath(r.id));
    else if (a === 'publish') void actions.publish(r);
    else if (a === 'schedule') actions.setScheduling(r);
    else if (a === 'withdraw') actions.withdraw(r);
    else if (a === 'delete') actions.remove(r);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const columns: ColumnsType<ArticleListItem> = [
    {
      title: t('contentArticle:field.cover'),
      dataIndex: 'coverPicture',
      width: 110,
      render: (u: string | null, r) => <CoverImage url={u} width={88} height={50} alt={r.title} />,
    },
    {
      title: t('contentArticle:field.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, r) => (
        <Typography.Link onClick={() => navigate(editorPath(r.id))}>{title}</Typography.Link>
      ),
    },
    {
      title: t('contentArticle:field.category'),
      dataIndex: 'categoryName',
      width: 140,
      render: (_: string | null, r) =>
        r.categoryName
          ? categoryLabel({ categoryName: r.categoryName, categoryEnName: r.categoryEnName }, i18n.language)
          : '—',
    },
    {
      title: t('contentArticle:field.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: ArticleListItem['status']) => (
        <Tag color={STATUS_COLOR[s]} data-testid="article-status">
          {t(`contentArticle:status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('contentArticle:field.label'),
      dataIndex: 'label',
      width: 110,
      render: (l: string | null) => (l ? <Tag>{l}</Tag> : '—'),
    },
    {
      title: t('contentArticle:field.releaseTime'),
      key: 'time',
      width: 190,
      render: (_, r) => {
        const at = shownTime(r);
        if (!at) return '—';
        return r.status === 'published' || r.status === 'withdrawn' ? (
          formatDateTime(at)
        ) : (
          <Space size={4}>
            <Typography.Text type="secondary">{t('contentArticle:field.scheduledFor')}</Typography.Text>
            {formatDateTime(at)}
          </Space>
        );
      },
    },
    {
      title: t('contentArticle:field.reads'),
      dataIndex: 'readCount',
      width: 90,
      render: (n: number) => number.format(n),
    },
    {
      title: t('contentArticle:field.revision'),
      dataIndex: 'revision',
      width: 90,
      render: (n: number) => `v${n}`,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, r) => {
        const offered = rowActions(r.status).filter(allowed);
        if (r.status === 'review') {
          return <Typography.Text type="secondary">{t('contentArticle:reviewWaiting')}</Typography.Text>;
        }
        return (
          <Space size={0} wrap>
            {offered.map((a) => (
              <Button key={a} type="link" size="small" danger={a === 'delete'} onClick={() => run(a, r)}>
                {t(`contentArticle:action.${a}`)}
              </Button>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => navigate(editorPath(null))}
        addText={t('contentArticle:action.write')}
        addCode={ARTICLE_CODES.create}
      />
      <PagedTable<ArticleListItem>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1300 }}
        empty={{
          title: t('contentArticle:list.empty'),
          onAdd: () => navigate(editorPath(null)),
          addText: t('contentArticle:action.write'),
          addCode: ARTICLE_CODES.create,
        }}
      />
      <ScheduleModal
        open={actions.scheduling !== null}
        busy={actions.busy}
        onCancel={() => actions.setScheduling(null)}
        onOk={(at) => {
          if (actions.scheduling) void actions.schedule(actions.scheduling, at);
        }}
      />
    </section>
  );
}
