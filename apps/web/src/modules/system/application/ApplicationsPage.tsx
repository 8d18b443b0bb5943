import App from 'antd/es/app';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
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
import { useShell } from '../../../shell/ShellContext';
import { ApplicationFormModal } from './ApplicationFormModal';
import { APPLICATION_CODES, type Application, applicationKeys, applicationsApi } from './application.api';
import { type RevealedSecret, SecretModal } from './SecretModal';

type Dialog = { kind: 'form'; application: Application | null };

const expired = (a: Application) => a.expiresAt !== null && Date.parse(a.expiresAt) <= Date.now();

/** Applications of the enterprise (system/application): integrators' clients, their scopes and secrets. */
export function ApplicationsPage() {
  const { t } = useTranslation(['applications', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => applicationKeys.list(tenantId), [tenantId]);
  const list = usePagedList<Application>(key, (q) => applicationsApi.page(tenantId, q));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const add = () => setDialog({ kind: 'form', application: null });

  const fields: FilterField[] = [
    { name: 'name', label: t('applications:field.name'), type: 'text' },
    {
      name: 'enabled',
      label: t('applications:field.enabled'),
      type: 'select',
      options: [
        { value: 'true', label: t('applications:enabled.true') },
        { value: 'false', label: t('applications:enabled.false') },
      ],
    },
  ];

  const toggle = async (a: Application, enabled: boolean) => {
    try {
      await applicationsApi.setEnabled(tenantId, a, enabled);
      message.success(enabled ? t('applications:message.enabled') : t('applications:message.disabled'));
      await list.refresh();
    } catch {
      // Shown by the API client (stale version …).
    }
  };

  const rotate = (a: Application) =>
    modal.confirm({
      title: t('applications:rotate.confirm', { name: a.name }),
      content: t('applications:rotate.help'),
      okButtonProps: { danger: true },
      okText: t('applications:action.rotate'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          const r = await applicationsApi.rotate(tenantId, a);
          setRevealed({ appId: r.application.appId, name: r.application.name, secret: r.clientSecret });
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: ColumnsType<Application> = [
    {
      title: t('applications:field.name'),
      dataIndex: 'name',
      render: (v: string, a) => (
        <>
          <div>{v}</div>
          {a.description ? <Typography.Text type="secondary">{a.description}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('applications:field.appId'),
      dataIndex: 'appId',
      render: (v: string) => (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('applications:field.scopes'),
      dataIndex: 'scopes',
      width: 90,
      render: (v: string[]) => (
        <Tooltip title={v.join('\n')}>
          <span>{v.length}</span>
        </Tooltip>
      ),
    },
    {
      title: t('applications:field.ipAllowList'),
      dataIndex: 'ipAllowList',
      render: (v: string[]) => (v.length ? v.join(', ') : t('applications:anyAddress')),
    },
    {
      title: t('applications:field.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null, a) =>
        v ? (
          <Typography.Text type={expired(a) ? 'danger' : undefined}>
            {formatDateTime(v, 'YYYY-MM-DD HH:mm')}
            {expired(a) ? ` (${t('applications:expired')})` : ''}
          </Typography.Text>
        ) : (
          t('applications:never')
        ),
    },
    {
      title: t('applications:field.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      render: (v: string | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : t('applications:notUsed')),
    },
    {
      title: t('applications:field.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, a) => (
        <PermissionGuard
          codes={[APPLICATION_CODES.edit]}
          fallback={v ? t('applications:enabled.true') : t('applications:enabled.false')}
        >
          <Switch size="small" checked={v} onChange={(next) => void toggle(a, next)} />
        </PermissionGuard>
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 220,
      render: (_, a) => (
        <RowActions
          onEdit={() => setDialog({ kind: 'form', application: a })}
          editCode={APPLICATION_CODES.edit}
          editExtra={
            <Button type="link" size="small" onClick={() => rotate(a)}>
              {t('applications:action.rotate')}
            </Button>
          }
          onDelete={() =>
            confirmDelete(a.name, () => applicationsApi.remove(tenantId, a.id), list.refresh, {
              content: t('applications:remove.help'),
            })
          }
          deleteCode={APPLICATION_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('applications:action.add')}
        addCode={APPLICATION_CODES.create}
      />
      <PagedTable<Application>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{
          title: t('applications:empty'),
          onAdd: add,
          addText: t('applications:action.add'),
          addCode: APPLICATION_CODES.create,
        }}
      />
      <ApplicationFormModal
        tenantId={tenantId}
        open={dialog?.kind === 'form'}
        application={dialog?.application ?? null}
        onClose={() => setDialog(null)}
        onCreated={(made) =>
          setRevealed({
            appId: made.application.appId,
            name: made.application.name,
            secret: made.clientSecret,
          })
        }
      />
      <SecretModal revealed={revealed} onClose={() => setRevealed(null)} />
    </section>
  );
}
