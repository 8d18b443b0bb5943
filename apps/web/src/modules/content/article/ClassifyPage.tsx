import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@tilth/contracts/article.types';
import { CATEGORY_DEPTH_MAX } from '@tilth/contracts/article.types';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { ARTICLE_CODES, articleKeys, categoryApi } from './article.api';
import { type CategoryNode, categoryTree, moved, siblingIds } from './articleModel';
import { CategoryModal, type CategoryModalProps } from './CategoryModal';

const depthOf = (all: readonly Category[], c: Category): number => {
  let depth = 1;
  let parent = c.parentId;
  while (parent !== null && depth <= CATEGORY_DEPTH_MAX) {
    const p = all.find((x) => x.id === parent);
    if (!p) break;
    depth += 1;
    parent = p.parentId;
  }
  return depth;
};

/** The category tree (/system/classify): add, rename (zh / en), reorder, enable / disable, delete. */
export function ClassifyPage() {
  const { t, i18n } = useTranslation(['contentArticle', 'common']);
  const { tenantId } = useShell();
  const queryClient = useQueryClient();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const { allowed: canEdit } = usePermissions([ARTICLE_CODES.classifyEdit]);
  const key = articleKeys.categories(tenantId);
  const list = useQuery({ queryKey: key, queryFn: () => categoryApi.list(tenantId) });
  const all = list.data ?? [];
  const tree = useMemo(() => categoryTree(list.data ?? [], i18n.language), [list.data, i18n.language]);
  const [target, setTarget] = useState<CategoryModalProps['target']>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // Every branch open unless its user closed it (new branches open too).
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(
    () => all.filter((c) => all.some((x) => x.parentId === c.id) && !closed.has(c.id)).map((c) => c.id),
    [all, closed],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const run = async (id: number, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      message.success(done);
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };

  const move = (c: Category, step: -1 | 1) => {
    const ids = moved(siblingIds(all, c.parentId), c.id, step);
    if (ids)
      void run(c.id, () => categoryApi.order(tenantId, c.parentId, ids), t('contentArticle:category.moved'));
  };

  const toggle = (c: Category, on: boolean) =>
    run(
      c.id,
      () =>
        categoryApi.update(tenantId, {
          id: c.id,
          categoryName: c.categoryName,
          categoryEnName: c.categoryEnName,
          enabledFlag: on ? 1 : 0,
          objectVersionNumber: c.objectVersionNumber,
        }),
      on ? t('contentArticle:category.enabledDone') : t('contentArticle:category.disabledDone'),
    );

  const columns: ColumnsType<CategoryNode> = [
    {
      title: t('contentArticle:category.name'),
      dataIndex: ['category', 'categoryName'],
      render: (name: string, n) => (
        <Typography.Text type={n.category.enabledFlag === 1 ? undefined : 'secondary'}>
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('contentArticle:category.enName'),
      dataIndex: ['category', 'categoryEnName'],
      render: (name: string | null) => name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('contentArticle:category.articles'),
      dataIndex: ['category', 'articleCount'],
      width: 110,
      render: (n: number) => new Intl.NumberFormat(i18n.language).format(n),
    },
    {
      title: t('contentArticle:category.enabled'),
      dataIndex: ['category', 'enabledFlag'],
      width: 100,
      render: (f: number, n) => (
        <Switch
          size="small"
          checked={f === 1}
          disabled={!canEdit}
          loading={busy === n.category.id}
          aria-label={t('contentArticle:category.enabled')}
          onChange={(on) => void toggle(n.category, on)}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 330,
      render: (_, n) => {
        const c = n.category;
        const ids = siblingIds(all, c.parentId);
        return (
          <PermissionGuard codes={[ARTICLE_CODES.classifyEdit]}>
            <Space size={0}>
              <Tooltip title={t('contentArticle:category.up')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('contentArticle:category.up')}
                  disabled={ids[0] === c.id}
                  onClick={() => move(c, -1)}
                />
              </Tooltip>
              <Tooltip title={t('contentArticle:category.down')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('contentArticle:category.down')}
                  disabled={ids[ids.length - 1] === c.id}
                  onClick={() => move(c, 1)}
                />
              </Tooltip>
              {depthOf(all, c) < CATEGORY_DEPTH_MAX ? (
                <Button type="link" size="small" onClick={() => setTarget({ mode: 'add', parent: c })}>
                  {t('contentArticle:category.addChild')}
                </Button>
              ) : null}
              <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', category: c })}>
                {t('common:action.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirmDelete(c.categoryName, () => categoryApi.remove(tenantId, c), refresh, {
                    content:
                      c.articleCount > 0
                        ? t('contentArticle:category.deleteUsed', { count: c.articleCount })
                        : undefined,
                  })
                }
              >
                {t('common:action.delete')}
              </Button>
            </Space>
          </PermissionGuard>
        );
      },
    },
  ];

  return (
    <section className="tl-card">
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('contentArticle:category.help')}</Typography.Text>
        <PermissionGuard codes={[ARTICLE_CODES.classifyEdit]}>
          <Button
            type="primary"
            onClick={() => setTarget({ mode: 'add', parent: null })}
            data-testid="category-add"
          >
            {t('contentArticle:category.add')}
          </Button>
        </PermissionGuard>
      </Space>
      <Table<CategoryNode>
        rowKey="key"
        columns={columns}
        dataSource={tree}
        loading={list.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, n) =>
            setClosed((prev) => {
              const next = new Set(prev);
              if (open) next.delete(n.key);
              else next.add(n.key);
              return next;
            }),
        }}
        locale={{
          emptyText: (
            <EmptyState
              variant="noData"
              size="small"
              title={t('contentArticle:category.empty')}
              onAdd={() => setTarget({ mode: 'add', parent: null })}
              addText={t('contentArticle:category.add')}
              addCode={ARTICLE_CODES.classifyEdit}
            />
          ),
        }}
      />
      <CategoryModal tenantId={tenantId} target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
