import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { NoticeFormDrawer } from './NoticeFormDrawer';
import { NoticeReadersDrawer } from './NoticeReadersDrawer';
import { NOTICE_CODES, type NoticeDetail, noticeAdminApi, noticeAdminKeys } from './notice.api';
import {
  actionsFor,
  asStatus,
  audienceOf,
  NOTICE_STATUS_LIST,
  readRatio,
  STATUS_COLOR,
  withDayInstants,
} from './noticeAdminModel';

/** Announcements admin (/system/notice-manger): write, schedule, publish, withdraw, see who read. */
export function NoticeManagePage() {
  const { t, i18n } = useTranslation(['contentNotice', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => noticeAdminKeys.list(tenantId), [tenantId]);
  const list = usePagedList<NoticeDetail>(key, (q) => noticeAdminApi.page(tenantId, withDayInstants(q)));
  const [editing, setEditing] = useState<NoticeDetail | null | undefined>(undefined);
  const [readersOf, setReadersOf] = useState<NoticeDetail | null>(null);
  const canPublish = usePermissions([NOTICE_CODES.publish]).allowed;
  const options = useQuery({
    queryKey: noticeAdminKeys.options(tenantId),
    queryFn: () => noticeAdminApi.options(tenantId),
    enabled: tenantId !== 0,
  });

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
    } catch {
      // Shown by the API client.
    }
    await list.refresh();
  };

  const openEdit = async (n: NoticeDetail) => {
    try {
      // The list leaves attachments out; the drawer edits the full, current one.
      setEditing(await noticeAdminApi.get(tenantId, n.id));
    } catch {
      // Shown by the API client.
    }
  };

  const withdraw = (n: NoticeDetail) =>
    modal.confirm({
      title: t('contentNotice:withdraw.confirm', { title: n.title }),
      content: t('contentNotice:withdraw.help'),
      okButtonProps: { danger: true },
      okText: t('contentNotice:action.withdraw'),
      cancelText: t('common:action.cancel'),
      onOk: () => act(() => noticeAdminApi.withdraw(tenantId, n), t('contentNotice:withdraw.done')),
    });

  const publishNow = (n: NoticeDetail) =>
    modal.confirm({
      title: t('contentNotice:publish.confirm', { title: n.title }),
      okText: t('contentNotice:action.publish'),
      cancelText: t('common:action.cancel'),
      onOk: () => act(() => noticeAdminApi.publish(tenantId, n.id), t('contentNotice:saved.now')),
    });

  const fields: FilterField[] = [
    { name: 'title', label: t('contentNotice:field.title'), type: 'text' },
    {
      name: 'statusCode',
      label: t('contentNotice:field.status'),
      type: 'select',
      options: NOTICE_STATUS_LIST.map((s) => ({ value: s, label: t(`contentNotice:status.${s}`) })),
    },
    {
      name: 'dates',
      label: t('contentNotice:field.publishDate'),
      type: 'dateRange',
      names: ['dateFrom', 'dateTo'],
    },
  ];

  const columns: ColumnsType<NoticeDetail> = [
    {
      title: t('contentNotice:field.title'),
      dataIndex: 'title',
      width: 280,
      ellipsis: { showTitle: false },
      render: (title: string) => (
        <Tooltip title={title} placement="topLeft">
          <Typography.Text strong>{title}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('contentNotice:field.audience'),
      key: 'audience',
      width: 200,
      render: (_, n) => {
        const a = audienceOf(n, options.data, i18n.language);
        if (a.kind !== 'some') return <Tag>{t(`contentNotice:audience.${a.kind}`)}</Tag>;
        const shown = a.names.slice(0, 2);
        return (
          <Tooltip title={a.names.join(', ')}>
            <Space size={[0, 4]} wrap>
              {shown.map((name) => (
                <Tag key={name} color="blue">
                  {name}
                </Tag>
              ))}
              {a.names.length > shown.length ? <Tag>+{a.names.length - shown.length}</Tag> : null}
            </Space>
          </Tooltip>
        );
      },
    },
    {
      title: t('contentNotice:field.status'),
      dataIndex: 'statusCode',
      width: 110,
      render: (code: string) => {
        const s = asStatus(code);
        return <Tag color={STATUS_COLOR[s]}>{t(`contentNotice:status.${s}`)}</Tag>;
      },
    },
    {
      title: t('contentNotice:field.publishDate'),
      dataIndex: 'publishedDate',
      width: 180,
      render: (d: string | null) => (d ? formatDateTime(d) : '—'),
    },
    { title: t('contentNotice:field.publisher'), dataIndex: 'publishedByUser', width: 140, ellipsis: true },
    {
      title: t('contentNotice:field.reads'),
      key: 'reads',
      width: 130,
      render: (_, n) => {
        const s = asStatus(n.statusCode);
        if (!actionsFor(s).has('readers')) return '—';
        return (
          <Button type="link" size="small" onClick={() => setReadersOf(n)}>
            {t('contentNotice:readers.ratio', { ratio: readRatio(n, i18n.language) })}
          </Button>
        );
      },
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_, n) => {
        const can = actionsFor(asStatus(n.statusCode));
        return (
          <RowActions
            onEdit={can.has('edit') ? () => void openEdit(n) : undefined}
            editCode={NOTICE_CODES.edit}
            editExtra={null}
            leading={
              <PermissionGuard codes={[NOTICE_CODES.publish]}>
                {can.has('publish') ? (
                  <Button type="link" size="small" onClick={() => publishNow(n)}>
                    {t('contentNotice:action.publish')}
                  </Button>
                ) : null}
                {can.has('withdraw') ? (
                  <Button type="link" size="small" danger onClick={() => withdraw(n)}>
                    {t('contentNotice:action.withdraw')}
                  </Button>
                ) : null}
              </PermissionGuard>
            }
            onDelete={
              can.has('delete')
                ? () => confirmDelete(n.title, () => noticeAdminApi.remove(tenantId, n.id), list.refresh)
                : undefined
            }
            deleteCode={NOTICE_CODES.delete}
          />
        );
      },
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing(null)}
        addText={t('contentNotice:action.new')}
        addCode={NOTICE_CODES.create}
      />
      <PagedTable<NoticeDetail>
        rowKey="id"
        columns={columns}
        list={list}
        scroll={{ x: 1280 }}
        empty={{
          title: t('contentNotice:empty'),
          onAdd: () => setEditing(null),
          addText: t('contentNotice:action.new'),
          addCode: NOTICE_CODES.create,
        }}
      />
      <NoticeFormDrawer
        tenantId={tenantId}
        notice={editing}
        canPublish={canPublish}
        onClose={() => setEditing(undefined)}
        onSaved={list.refresh}
      />
      <NoticeReadersDrawer tenantId={tenantId} notice={readersOf} onClose={() => setReadersOf(null)} />
    </section>
  );
}
