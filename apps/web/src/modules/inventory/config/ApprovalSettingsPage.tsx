import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import {
  type BindingItem,
  approvalSettingsApi as settingsApi,
  approvalSettingsKeys as settingsKeys,
} from './approvalSettings.api';

const NONE = 0;

/**
 * config/audit (spec 01 §2.5, issue 14): per document type, the enabled flow it goes through or none
 * (approved at once). Types whose module is not built yet are listed with a note.
 */
export function ApprovalSettingsPage() {
  const { t } = useTranslation(['inventory', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<string | null>(null);
  const bindings = useQuery({
    queryKey: settingsKeys.bindings(tenantId),
    queryFn: () => settingsApi.bindings(tenantId),
  });
  const flows = useQuery({
    queryKey: settingsKeys.flows(tenantId),
    queryFn: () => settingsApi.enabledFlows(tenantId),
  });

  const change = async (row: BindingItem, value: number) => {
    // One change at a time per row; a second pick while it saves is ignored.
    if (saving) return;
    setSaving(row.docType);
    try {
      const next = await settingsApi.bind(tenantId, {
        docType: row.docType,
        definitionId: value === NONE ? null : value,
        objectVersionNumber: row.objectVersionNumber,
      });
      queryClient.setQueryData(settingsKeys.bindings(tenantId), next);
      message.success(t('inventory:audit.saved'));
    } catch {
      // Shown by the API client (a stale version, a flow disabled meanwhile); reload what is stored.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.bindings(tenantId) });
    } finally {
      setSaving(null);
    }
  };

  if (bindings.isError) return <EmptyState variant="networkError" />;

  return (
    <section className="tl-card">
      <Alert type="info" showIcon title={t('inventory:audit.hint')} style={{ marginBottom: 16 }} />
      <Table<BindingItem>
        rowKey="docType"
        loading={bindings.isLoading}
        dataSource={bindings.data ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState title={t('inventory:audit.empty')} /> }}
        columns={[
          {
            title: t('inventory:audit.docType'),
            dataIndex: 'docTypeName',
            render: (name: string, row) => (
              <>
                {name}
                {row.registered ? null : (
                  <Tag style={{ marginLeft: 8 }} color="default">
                    {t('inventory:audit.notYet')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('inventory:audit.flow'),
            key: 'flow',
            width: 360,
            render: (_, row) => {
              const options = (flows.data ?? [])
                .filter((f) => f.docType === row.docType)
                .map((f) => ({ value: f.id, label: f.name }));
              // A bound flow is listed even if the enabled list has not loaded yet.
              if (row.definitionId !== null && !options.some((o) => o.value === row.definitionId)) {
                options.push({
                  value: row.definitionId,
                  label: row.definitionName ?? `#${row.definitionId}`,
                });
              }
              return (
                <Select<number>
                  style={{ width: '100%' }}
                  value={row.definitionId ?? NONE}
                  loading={saving === row.docType}
                  disabled={saving !== null}
                  onChange={(v) => change(row, v)}
                  notFoundContent={t('inventory:audit.noFlows')}
                  options={[{ value: NONE, label: t('inventory:audit.none') }, ...options]}
                />
              );
            },
          },
          {
            title: t('inventory:audit.updated'),
            dataIndex: 'lastUpdateDate',
            width: 180,
            render: (v: string | null) => (v ? formatDateTime(v, 'YYYY-MM-DD HH:mm') : NO_DATA),
          },
        ]}
      />
    </section>
  );
}
