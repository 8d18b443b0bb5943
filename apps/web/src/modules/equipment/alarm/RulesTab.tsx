import { ALARM_SEVERITIES } from '@tilth/contracts/alarm.types';
import { ALARM_CODES } from '@tilth/contracts/permissions';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { type AlarmRule, alarmApi, alarmKeys } from './alarm.api';
import { metricName, metricReading, OP_SYMBOL, SEVERITY_COLOR, typeName } from './alarmFormat';
import { RuleFormModal } from './RuleFormModal';

/** Alarm rules: what is watched, on which device or type, how long, how severe, who is told. */
export function RulesTab({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation(['alarm', 'common']);
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => alarmKeys.rules(tenantId), [tenantId]);
  const list = usePagedList<AlarmRule>(key, (q) => alarmApi.rules(tenantId, q));
  const [editing, setEditing] = useState<{ rule: AlarmRule | null } | null>(null);
  const canEdit = usePermissions([ALARM_CODES.ruleEdit]).allowed;

  const fields: FilterField[] = [
    { name: 'name', label: t('alarm:field.ruleName'), type: 'text' },
    {
      name: 'kind',
      label: t('alarm:field.kind'),
      type: 'select',
      options: (['threshold', 'offline'] as const).map((k) => ({ value: k, label: t(`alarm:kind.${k}`) })),
    },
    {
      name: 'severity',
      label: t('alarm:field.severity'),
      type: 'select',
      options: ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarm:severity.${s}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('alarm:field.enabled'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`alarm:enabled.${v}`) })),
    },
  ];

  const toggle = async (r: AlarmRule, on: boolean) => {
    try {
      await alarmApi.enableRule(tenantId, r.id, on ? 1 : 0);
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const columns: ColumnsType<AlarmRule> = [
    { title: t('alarm:field.ruleName'), dataIndex: 'name' },
    {
      title: t('alarm:field.target'),
      key: 'target',
      render: (_, r) =>
        r.deviceId !== null
          ? (r.deviceName ?? '—')
          : t('alarm:scope.allOfType', { type: typeName(r.typeKey, i18n.language) }),
    },
    {
      title: t('alarm:field.condition'),
      key: 'condition',
      render: (_, r) => {
        const what =
          r.kind === 'offline'
            ? t('alarm:kind.offline')
            : `${metricName(r.typeKey, r.metric, i18n.language)} ${r.op ? OP_SYMBOL[r.op] : ''} ${metricReading(r.typeKey, r.metric, r.threshold, i18n.language)}`;
        return r.durationMin > 0 ? t('alarm:rule.lasts', { what, min: r.durationMin }) : what;
      },
    },
    {
      title: t('alarm:field.severity'),
      dataIndex: 'severity',
      render: (s: AlarmRule['severity']) => <Tag color={SEVERITY_COLOR[s]}>{t(`alarm:severity.${s}`)}</Tag>,
    },
    { title: t('alarm:field.contacts'), dataIndex: 'staffIds', render: (ids: number[]) => ids.length },
    {
      title: t('alarm:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number, r) => (
        <Switch size="small" checked={v === 1} disabled={!canEdit} onChange={(on) => void toggle(r, on)} />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <RowActions
          onEdit={() => setEditing({ rule: r })}
          editCode={ALARM_CODES.ruleEdit}
          onDelete={() =>
            confirmDelete(r.name, () => alarmApi.removeRule(tenantId, r.id), list.refresh, {
              content: t('alarm:rule.deleteHint'),
            })
          }
          deleteCode={ALARM_CODES.ruleDelete}
        />
      ),
    },
  ];

  return (
    <>
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ rule: null })}
        addText={t('alarm:action.addRule')}
        addCode={ALARM_CODES.ruleCreate}
      />
      <PagedTable<AlarmRule>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 960 }}
        empty={{
          title: t('alarm:empty'),
          onAdd: () => setEditing({ rule: null }),
          addText: t('alarm:action.addRule'),
          addCode: ALARM_CODES.ruleCreate,
        }}
      />
      <RuleFormModal
        tenantId={tenantId}
        open={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
