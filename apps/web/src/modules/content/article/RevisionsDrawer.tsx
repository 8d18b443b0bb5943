import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { type Article, articleApi, articleKeys, type RevisionListItem } from './article.api';
import { RevisionDiffView } from './RevisionDiffView';

export interface RevisionsDrawerProps {
  tenantId: number;
  article: Article;
  open: boolean;
  onClose: () => void;
  /** Restores `revision` as a new one (the editor asks first and reloads). */
  onRestore: (revision: number) => void;
  canRestore: boolean;
}

const noteText = (
  note: string | null,
  t: (k: string, o?: Record<string, unknown>) => string,
): string | null => {
  if (note === 'created') return t('contentArticle:revisions.created');
  const restored = note?.match(/^restored:(\d+)$/);
  return restored ? t('contentArticle:revisions.restored', { n: restored[1] }) : null;
};

/** Every saved version (author, time), any two compared, any one restored on top. */
export function RevisionsDrawer({
  tenantId,
  article,
  open,
  onClose,
  onRestore,
  canRestore,
}: RevisionsDrawerProps) {
  const { t } = useTranslation(['contentArticle', 'common']);
  const revisions = useQuery({
    queryKey: [...articleKeys.revisions(tenantId, article.id), article.revision],
    queryFn: () => articleApi.revisions(tenantId, article.id),
    enabled: open,
  });
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  // By default the latest save against the one before it.
  useEffect(() => {
    if (!open) return;
    const latest = article.revision;
    setPair({ from: Math.max(1, latest - 1), to: latest });
  }, [open, article.revision]);
  const diff = useQuery({
    queryKey: articleKeys.diff(tenantId, article.id, pair?.from ?? 0, pair?.to ?? 0),
    queryFn: () => articleApi.diff(tenantId, article.id, pair?.from ?? 1, pair?.to ?? 1),
    enabled: open && pair !== null && pair.from !== pair.to,
  });
  const options = (revisions.data ?? []).map((r) => ({
    value: r.revision,
    label: `v${r.revision} · ${formatDateTime(r.creationDate, 'MM-DD HH:mm')}`,
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('contentArticle:revisions.title', { title: article.title })}
      size="large"
      width={960}
      destroyOnHidden
    >
      <Table<RevisionListItem>
        size="small"
        rowKey="revision"
        loading={revisions.isFetching}
        dataSource={revisions.data ?? []}
        pagination={false}
        scroll={{ y: 260 }}
        data-testid="revision-list"
        columns={[
          {
            title: t('contentArticle:field.revision'),
            dataIndex: 'revision',
            width: 110,
            render: (n: number) => (
              <Space size={4}>
                <span>v{n}</span>
                {n === article.revision ? (
                  <Tag color="processing">{t('contentArticle:revisions.current')}</Tag>
                ) : null}
              </Space>
            ),
          },
          { title: t('contentArticle:field.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('contentArticle:revisions.author'),
            dataIndex: 'createdByName',
            width: 120,
            render: (n: string | null) => n ?? '—',
          },
          {
            title: t('contentArticle:revisions.time'),
            dataIndex: 'creationDate',
            width: 170,
            render: (d: string) => formatDateTime(d),
          },
          {
            title: t('contentArticle:revisions.note'),
            dataIndex: 'note',
            width: 140,
            render: (n: string | null) => noteText(n, t) ?? '',
          },
          {
            title: t('common:action.operation'),
            key: 'actions',
            width: 170,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={r.revision === article.revision}
                  onClick={() => setPair({ from: r.revision, to: article.revision })}
                >
                  {t('contentArticle:revisions.compare')}
                </Button>
                {canRestore && r.revision !== article.revision ? (
                  <Button type="link" size="small" onClick={() => onRestore(r.revision)}>
                    {t('contentArticle:revisions.restore')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ margin: '16px 0' }} wrap>
        <Typography.Text strong>{t('contentArticle:revisions.compareTitle')}</Typography.Text>
        <Select
          style={{ width: 200 }}
          value={pair?.from}
          options={options}
          onChange={(from: number) => setPair((p) => ({ from, to: p?.to ?? article.revision }))}
          aria-label={t('contentArticle:revisions.from')}
          data-testid="diff-from"
        />
        <span>→</span>
        <Select
          style={{ width: 200 }}
          value={pair?.to}
          options={options}
          onChange={(to: number) => setPair((p) => ({ from: p?.from ?? 1, to }))}
          aria-label={t('contentArticle:revisions.to')}
          data-testid="diff-to"
        />
      </Space>
      {pair && pair.from === pair.to ? (
        <Typography.Text type="secondary">{t('contentArticle:revisions.pickTwo')}</Typography.Text>
      ) : diff.data ? (
        <RevisionDiffView diff={diff.data} />
      ) : diff.isFetching ? (
        <Spin />
      ) : null}
    </Drawer>
  );
}
