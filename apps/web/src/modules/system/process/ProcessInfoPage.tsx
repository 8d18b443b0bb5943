import { useQuery } from '@tanstack/react-query';
import { APPROVAL_DOC_TYPE_DEFS } from '@tilth/contracts/workflow.docs';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../shared/DataTable';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { FlowCanvas } from './FlowCanvas';
import { type DefinitionDetail, processApi, processKeys } from './process.api';
import { VersionProcesses } from './VersionProcesses';

type VersionRow = DefinitionDetail['versions'][number];

const noop = () => undefined;

/** /system/process/info/{id}: a flow's versions with their running and ended processes, any version's diagram. */
export function ProcessInfoPage() {
  const { t, i18n } = useTranslation(['process', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: processKeys.detail(tenantId, id),
    queryFn: () => processApi.detail(tenantId, id),
    enabled: valid,
    retry: false,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const d = detail.data;
  const version = chosen ?? d?.version ?? 1;
  const old = useQuery({
    queryKey: processKeys.version(tenantId, id, version),
    queryFn: () => processApi.version(tenantId, id, version),
    enabled: valid && d !== undefined && version !== d.version,
  });
  if (!valid || detail.isError) return <EmptyState variant="notFound" title={t('process:notFound')} />;
  if (!d) return <Spin />;
  const model = version === d.version ? d.model : old.data?.model;
  const columns: ColumnsType<VersionRow> = [
    { title: t('process:field.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
    { title: t('process:field.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('process:field.createdBy'),
      dataIndex: 'createdByName',
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('process:field.running'),
      dataIndex: 'running',
      render: (v: number) => <Tag color={v > 0 ? 'processing' : 'default'}>{v}</Tag>,
    },
    { title: t('process:field.finished'), dataIndex: 'finished' },
    {
      title: t('common:action.operation'),
      key: 'view',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          disabled={r.version === version}
          onClick={() => setChosen(r.version)}
        >
          {t('process:action.viewVersion')}
        </Button>
      ),
    },
  ];
  return (
    <section className="tl-card">
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate('/system/process')}>{t('common:action.back')}</Button>
      </Space>
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'name', label: t('process:field.name'), children: d.name },
          {
            key: 'docType',
            label: t('process:field.docType'),
            children: APPROVAL_DOC_TYPE_DEFS[d.docType].name[lang],
          },
          {
            key: 'enabled',
            label: t('process:field.enabled'),
            children: (
              <Tag color={d.enabledFlag === 1 ? 'success' : 'default'}>
                {t(`process:enabled.${d.enabledFlag}`)}
              </Tag>
            ),
          },
          { key: 'version', label: t('process:field.currentVersion'), children: `v${d.version}` },
          { key: 'running', label: t('process:field.running'), children: d.running },
          { key: 'description', label: t('process:field.description'), children: d.description ?? NO_DATA },
        ]}
      />
      <h3 style={{ margin: '16px 0 8px' }}>{t('process:info.versions')}</h3>
      <DataTable<VersionRow> rowKey="version" columns={columns} dataSource={d.versions} size="small" />
      <Space style={{ margin: '16px 0 8px' }}>
        <span>{t('process:info.diagramOf')}</span>
        <Select
          style={{ width: 120 }}
          value={version}
          options={d.versions.map((v) => ({ value: v.version, label: `v${v.version}` }))}
          onChange={(v: number) => setChosen(v)}
        />
      </Space>
      {model ? (
        <FlowCanvas
          model={model}
          issues={[]}
          readOnly
          selected={null}
          onSelect={noop}
          onInsert={noop}
          onAddBranch={noop}
          onRemoveBranch={noop}
          onMoveBranch={noop}
          onRemoveNode={noop}
          height={520}
        />
      ) : (
        <Spin />
      )}
      <VersionProcesses tenantId={tenantId} id={id} version={version} />
    </section>
  );
}
