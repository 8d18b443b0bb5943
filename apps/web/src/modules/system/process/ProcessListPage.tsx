import { APPROVAL_DOC_TYPE_DEFS, APPROVAL_DOC_TYPES } from '@tilth/contracts/workflow.docs';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { type DefinitionItem, PROCESS_CODES, processApi, processKeys } from './process.api';

/** /system/process: the approval flows (spec 03 §4), each enabled or not; edit only while disabled. */
export function ProcessListPage() {
  const { t, i18n } = useTranslation(['process', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const { allowed: mayManage } = usePermissions([PROCESS_CODES.edit]);
  const key = useMemo(() => processKeys.list(tenantId), [tenantId]);
  const list = usePagedList<DefinitionItem>(key, (q) => processApi.page(tenantId, q));

  const toggle = (d: DefinitionItem, on: boolean) =>
    Modal.confirm({
      title: on
        ? t('process:confirm.enable', { name: d.name })
        : t('process:confirm.disable', { name: d.name }),
      content: on ? t('process:confirm.enableHint') : t('process:confirm.disableHint'),
      onOk: async () => {
        try {
          await (on ? processApi.enable(tenantId, d) : processApi.disable(tenantId, d));
          message.success(on ? t('process:message.enabled') : t('process:message.disabled'));
          await list.refresh();
        } catch {
          // Shown by the API client (an invalid flow: the issues, by step).
        }
      },
    });

  const fields: FilterField[] = [
    { name: 'name', label: t('process:field.name'), type: 'text' },
    {
      name: 'docType',
      label: t('process:field.docType'),
      type: 'select',
      options: APPROVAL_DOC_TYPES.map((d) => ({ value: d, label: APPROVAL_DOC_TYPE_DEFS[d].name[lang] })),
    },
    {
      name: 'enabledFlag',
      label: t('process:field.enabled'),
      type: 'select',
      options: [
        { value: '1', label: t('process:enabled.1') },
        { value: '0', label: t('process:enabled.0') },
      ],
    },
  ];
  const columns: ColumnsType<DefinitionItem> = [
    { title: t('process:field.name'), dataIndex: 'name', width: 200, ellipsis: true },
    {
      title: t('process:field.docType'),
      dataIndex: 'docType',
      width: 140,
      render: (v: DefinitionItem['docType']) => APPROVAL_DOC_TYPE_DEFS[v].name[lang],
    },
    { title: t('process:field.version'), dataIndex: 'version', width: 90, render: (v: number) => `v${v}` },
    {
      title: t('process:field.enabled'),
      dataIndex: 'enabledFlag',
      width: 100,
      render: (v: number, d) => (
        <Switch size="small" checked={v === 1} disabled={!mayManage} onChange={(on) => toggle(d, on)} />
      ),
    },
    {
      title: t('process:field.running'),
      dataIndex: 'running',
      width: 110,
      render: (v: number) => <Tag color={v > 0 ? 'processing' : 'default'}>{v}</Tag>,
    },
    {
      title: t('process:field.lastUpdateDate'),
      dataIndex: 'lastUpdateDate',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_, d) => (
        <RowActions
          leading={
            <>
              <Button type="link" size="small" onClick={() => navigate(`/system/process/info/${d.id}`)}>
                {t('process:action.info')}
              </Button>
              <PermissionGuard codes={[PROCESS_CODES.create]}>
                <Button type="link" size="small" onClick={() => navigate(`/system/process/copy/${d.id}`)}>
                  {t('process:action.copy')}
                </Button>
              </PermissionGuard>
              <PermissionGuard codes={[PROCESS_CODES.edit]}>
                {d.enabledFlag === 1 ? (
                  // An enabled flow cannot be edited (spec 03 §4): the button stays, saying why.
                  <Tooltip title={t('process:hint.disableFirst')}>
                    <Button type="link" size="small" disabled>
                      {t('common:action.edit')}
                    </Button>
                  </Tooltip>
                ) : null}
              </PermissionGuard>
            </>
          }
          onEdit={d.enabledFlag === 1 ? undefined : () => navigate(`/system/process/edit/${d.id}`)}
          editCode={PROCESS_CODES.edit}
          onDelete={() => confirmDelete(d.name, () => processApi.remove(tenantId, d.id), list.refresh)}
          deleteCode={PROCESS_CODES.delete}
        />
      ),
    },
  ];
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => navigate('/system/process/add')}
        addText={t('process:add')}
        addCode={PROCESS_CODES.create}
      />
      <PagedTable<DefinitionItem>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{
          title: t('process:empty'),
          onAdd: () => navigate('/system/process/add'),
          addText: t('process:add'),
          addCode: PROCESS_CODES.create,
        }}
      />
    </section>
  );
}
