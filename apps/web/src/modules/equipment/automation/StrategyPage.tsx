import { useQuery } from '@tanstack/react-query';
import { AUTOMATION_CODES } from '@tilth/contracts/permissions';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { automationApi, automationKeys, type Strategy } from './automation.api';
import { OUTCOME_COLOR, RunsDrawer } from './RunsDrawer';
import { StrategyFormModal } from './StrategyFormModal';
import { type NameLookup, strategySentence } from './strategyText';

const CODES = AUTOMATION_CODES.strategy;

/** equipment/intelligentControl/index: strategies in plain language, enable switch, run now, run log. */
export function StrategyPage() {
  const { t, i18n } = useTranslation(['automation', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => automationKeys.strategies(tenantId), [tenantId]);
  const list = usePagedList<Strategy>(key, (q) => automationApi.strategies(tenantId, q));
  const devices = useQuery({
    queryKey: automationKeys.devices(tenantId),
    queryFn: () => automationApi.devices(tenantId),
  });
  const groups = useQuery({
    queryKey: automationKeys.groupOptions(tenantId),
    queryFn: () => automationApi.controlGroups(tenantId),
  });
  const [editing, setEditing] = useState<{ strategy: Strategy | null } | null>(null);
  const [runsOf, setRunsOf] = useState<Strategy | null>(null);
  // The switch and run-now are writes too: a viewer sees the state as a tag and no run button.
  const canEdit = usePermissions([CODES.edit]).allowed;
  const canRun = usePermissions([CODES.run]).allowed;

  const names: NameLookup = {
    device: (id) => {
      const d = devices.data?.find((x) => x.id === id);
      return d ? { name: d.name, typeKey: d.deviceType } : undefined;
    },
    group: (id) => groups.data?.find((g) => g.id === id)?.name,
  };

  const fields: FilterField[] = [
    { name: 'name', label: t('automation:field.name'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('automation:field.enabled'),
      type: 'select',
      options: [1, 0].map((v) => ({ value: v, label: t(`automation:enabled.${v}`) })),
    },
  ];

  const toggle = async (s: Strategy, on: boolean) => {
    try {
      await automationApi.enable(tenantId, s.id, on ? 1 : 0);
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };
  const runNow = async (s: Strategy) => {
    try {
      const r = await automationApi.run(tenantId, s.id, false);
      if (r.outcome === 'fired') message.success(t('automation:message.fired'));
      else message.warning(r.message);
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const columns: ColumnsType<Strategy> = [
    { title: t('automation:field.name'), dataIndex: 'name', width: 160 },
    {
      title: t('automation:field.rule'),
      key: 'rule',
      render: (_, s) => strategySentence(s, names, (k, v) => t(k, v ?? {}), i18n.language),
    },
    {
      title: t('automation:field.lastRun'),
      key: 'lastRun',
      width: 170,
      render: (_, s) =>
        s.lastRun ? (
          <Tooltip title={s.lastRun.message}>
            <Tag color={OUTCOME_COLOR[s.lastRun.outcome]}>{t(`automation:outcome.${s.lastRun.outcome}`)}</Tag>
            {formatDateTime(s.lastRun.at, 'MM-DD HH:mm')}
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('automation:field.enabled'),
      dataIndex: 'enabledFlag',
      width: 80,
      render: (v: number, s) =>
        canEdit ? (
          <Switch size="small" checked={v === 1} onChange={(on) => void toggle(s, on)} />
        ) : (
          <Tag color={v === 1 ? 'green' : undefined}>{t(`automation:enabled.${v}`)}</Tag>
        ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 260,
      render: (_, s) => (
        <RowActions
          leading={
            <>
              <Button type="link" size="small" onClick={() => setRunsOf(s)}>
                {t('automation:action.runs')}
              </Button>
              {canRun ? (
                <Popconfirm title={t('automation:action.runConfirm')} onConfirm={() => void runNow(s)}>
                  <Button type="link" size="small">
                    {t('automation:action.run')}
                  </Button>
                </Popconfirm>
              ) : null}
            </>
          }
          onEdit={() => setEditing({ strategy: s })}
          editCode={CODES.edit}
          onDelete={() => confirmDelete(s.name, () => automationApi.remove(tenantId, s.id), list.refresh)}
          deleteCode={CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ strategy: null })}
        addText={t('automation:action.add')}
        addCode={CODES.create}
      />
      <PagedTable<Strategy>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{
          title: t('automation:empty'),
          onAdd: () => setEditing({ strategy: null }),
          addText: t('automation:action.add'),
          addCode: CODES.create,
        }}
      />
      <StrategyFormModal
        tenantId={tenantId}
        open={editing !== null}
        strategy={editing?.strategy ?? null}
        onClose={() => setEditing(null)}
      />
      <RunsDrawer tenantId={tenantId} strategy={runsOf} onClose={() => setRunsOf(null)} />
    </section>
  );
}
