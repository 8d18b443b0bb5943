import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarbonEntryCreateBody, CarbonGroup } from '@tilth/contracts/carbon.types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { RangePicker } from '../../../shared/form/DatePicker';
import { formatNumber } from '../../../shared/format/number';
import { fromInstant, nowInZone, todayDay } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { type CarbonEntry, type CarbonLine, carbonApi, carbonKeys } from '../api/carbon.api';
import { EntryFormModal } from './EntryFormModal';

/** /web/carbon/neutral: emissions and removals computed from records, each figure with its calculation. */
export function NeutralPage() {
  const { t, i18n } = useTranslation(['carbon', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const { allowed: canEdit } = usePermissions(['wfpf.farm.carbon.neutral.ps.edit']);
  const [range, setRange] = useState<[string, string]>([
    nowInZone().startOf('year').format('YYYY-MM-DD'),
    todayDay(),
  ]);
  const [areaId, setAreaId] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ entry?: CarbonEntry } | null>(null);
  const [entryPage, setEntryPage] = useState({ page: 0, size: 10 });
  const q = { from: range[0], to: range[1], areaId };
  const monitor = useQuery({
    queryKey: carbonKeys.monitor(tenantId, q),
    queryFn: () => carbonApi.monitor(tenantId, q),
  });
  const bases = useQuery({ queryKey: carbonKeys.bases(tenantId), queryFn: () => carbonApi.bases(tenantId) });
  const eq = { ...entryPage, from: range[0], to: range[1], areaId };
  const entries = useQuery({
    queryKey: carbonKeys.entries(tenantId, eq),
    queryFn: () => carbonApi.entries(tenantId, eq),
  });
  const kg = (v: string | null | undefined, d = 2) => (v == null ? '—' : formatNumber(Number(v), lang, d));
  const refresh = () => qc.invalidateQueries({ queryKey: carbonKeys.all(tenantId) });
  const save = useMutation({
    mutationFn: (b: CarbonEntryCreateBody) =>
      editing?.entry
        ? carbonApi.updateEntry(tenantId, {
            ...b,
            id: editing.entry.id,
            objectVersionNumber: editing.entry.objectVersionNumber,
          })
        : carbonApi.createEntry(tenantId, b),
    onSuccess: () => {
      setEditing(null);
      message.success(t('common:message.saved'));
      void refresh();
    },
    onError: (e) => message.error(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (e: CarbonEntry) => carbonApi.deleteEntry(tenantId, e.id, e.objectVersionNumber),
    onSuccess: () => void refresh(),
    onError: (e) => message.error(errorText(e)),
  });
  const m = monitor.data;

  // Each figure opens its calculation: a group's row expands to the lines it sums.
  const linesOf = (g: CarbonGroup, of: (l: CarbonLine) => number | null) => (
    <Table<CarbonLine>
      size="small"
      pagination={false}
      rowKey={(l) =>
        `${l.source}-${l.date}-${l.refs.map((r) => `${r.type}${r.id}`).join('.')}-${l.factor.code}`
      }
      dataSource={(m?.lines ?? []).filter((l) => of(l) === g.id)}
      expandable={{ expandedRowRender: calc }}
      columns={[
        { title: t('carbon:entry.date'), dataIndex: 'date', width: 110 },
        {
          title: t('carbon:col.source'),
          dataIndex: 'source',
          render: (x: string) => t(`carbon:source.${x}`),
        },
        { title: t('carbon:line.formula'), dataIndex: 'formula' },
        {
          title: t('carbon:line.result'),
          dataIndex: 'kgCo2e',
          align: 'right',
          render: (v: string, l) => `${l.kind === 'removal' ? '−' : ''}${kg(v, 4)}`,
        },
      ]}
    />
  );
  const groupTable = (rows: CarbonGroup[], perKg: boolean, of: (l: CarbonLine) => number | null) => (
    <Table<CarbonGroup>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      expandable={{ expandedRowRender: (g) => linesOf(g, of) }}
      locale={{ emptyText: <EmptyState size="small" /> }}
      columns={[
        {
          title: t('carbon:col.name'),
          dataIndex: 'name',
          render: (n: string) => n || t('carbon:col.unassigned'),
        },
        {
          title: t('carbon:col.emissions'),
          dataIndex: 'emissions',
          align: 'right',
          render: (v: string) => kg(v),
        },
        {
          title: t('carbon:col.removals'),
          dataIndex: 'removals',
          align: 'right',
          render: (v: string) => kg(v),
        },
        { title: t('carbon:col.net'), dataIndex: 'net', align: 'right', render: (v: string) => kg(v) },
        ...(perKg
          ? [
              {
                title: t('carbon:col.harvestKg'),
                dataIndex: 'harvestKg',
                align: 'right' as const,
                render: (v: string | null) => kg(v, 1),
              },
              {
                title: t('carbon:col.perKg'),
                dataIndex: 'kgCo2ePerKg',
                align: 'right' as const,
                render: (v: string | null) =>
                  v == null ? (
                    <Typography.Text type="secondary">{t('carbon:col.noWeight')}</Typography.Text>
                  ) : (
                    kg(v, 4)
                  ),
              },
            ]
          : []),
      ]}
    />
  );

  const calc = (l: CarbonLine) => (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item
        label={t('carbon:line.activity')}
      >{`${l.activity.label} → ${kg(l.activity.amount, 4)} ${l.activity.unit}`}</Descriptions.Item>
      <Descriptions.Item label={t('carbon:line.factor')}>
        {`${l.factor.name}: ${l.factor.value} ${l.factor.unit} (${l.factor.gas}, GWP ${l.factor.gwp}${l.factor.validYear ? `, ${l.factor.validYear}` : ''})`}{' '}
        {l.factor.own ? (
          <Tag color="blue">{t('carbon:origin.own')}</Tag>
        ) : (
          <Tag color="green">{t('carbon:origin.default')}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item
        label={t('carbon:line.formula')}
      >{`${l.formula} = ${l.kgCo2e} kgCO2e`}</Descriptions.Item>
      <Descriptions.Item label={t('carbon:line.source')}>{l.factor.source}</Descriptions.Item>
      <Descriptions.Item label={t('carbon:line.records')}>
        {l.refs.map((r) => (
          <Tag key={`${r.type}-${r.id}`}>{`${t(`carbon:ref.${r.type}`)} ${r.name}`}</Tag>
        ))}
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <section className="tl-card">
        <Space wrap>
          <RangePicker
            allowClear={false}
            value={[fromInstant(range[0]), fromInstant(range[1])]}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')]);
            }}
          />
          <Select
            allowClear
            placeholder={t('carbon:entry.base')}
            style={{ width: 200 }}
            value={areaId}
            onChange={(v?: number) => setAreaId(v)}
            options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
          {m && (
            <Typography.Text type="secondary">
              {t('carbon:monitor.grid', { region: t(`carbon:grid.${m.gridRegion}`) })}
            </Typography.Text>
          )}
        </Space>
        {m && (
          <div style={{ marginTop: 16 }}>
            <Space size="large" wrap>
              <Statistic title={t('carbon:col.emissions')} value={kg(m.totals.emissions)} suffix="kgCO₂e" />
              <Statistic title={t('carbon:col.removals')} value={kg(m.totals.removals)} suffix="kgCO₂e" />
              <Statistic title={t('carbon:col.net')} value={kg(m.totals.net)} suffix="kgCO₂e" />
            </Space>
          </div>
        )}
      </section>
      <section className="tl-card">
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('carbon:tab.lines'),
              children: (
                <Table<CarbonLine>
                  size="small"
                  loading={monitor.isLoading}
                  rowKey={(l) =>
                    `${l.source}-${l.date}-${l.refs.map((r) => `${r.type}${r.id}`).join('.')}-${l.factor.code}`
                  }
                  dataSource={m?.lines ?? []}
                  locale={{ emptyText: <EmptyState size="small" description={t('carbon:monitor.empty')} /> }}
                  expandable={{ expandedRowRender: calc }}
                  columns={[
                    { title: t('carbon:entry.date'), dataIndex: 'date', width: 110 },
                    {
                      title: t('carbon:col.source'),
                      dataIndex: 'source',
                      render: (s: string) => t(`carbon:source.${s}`),
                    },
                    {
                      title: t('carbon:factor.stage'),
                      dataIndex: 'stage',
                      render: (s: string) => t(`carbon:stage.${s}`),
                    },
                    { title: t('carbon:line.activity'), key: 'a', render: (_, l) => l.activity.label },
                    {
                      title: t('carbon:line.result'),
                      dataIndex: 'kgCo2e',
                      align: 'right',
                      render: (v: string, l) => `${l.kind === 'removal' ? '−' : ''}${kg(v, 4)}`,
                    },
                  ]}
                />
              ),
            },
            {
              key: 'base',
              label: t('carbon:tab.base'),
              children: groupTable(m?.byBase ?? [], false, (l) => l.areaId),
            },
            {
              key: 'plot',
              label: t('carbon:tab.plot'),
              children: groupTable(m?.byPlot ?? [], false, (l) => l.landId),
            },
            {
              key: 'batch',
              label: t('carbon:tab.batch'),
              children: groupTable(m?.byBatch ?? [], true, (l) => l.batchId),
            },
            {
              key: 'notCounted',
              label: t('carbon:tab.notCounted', { n: m?.notCounted.length ?? 0 }),
              children: (
                <Table
                  size="small"
                  rowKey={(r) => `${r.reason}-${r.refs.map((x) => x.id).join('.')}`}
                  pagination={false}
                  dataSource={m?.notCounted ?? []}
                  locale={{ emptyText: <EmptyState size="small" /> }}
                  columns={[
                    {
                      title: t('carbon:line.records'),
                      key: 'r',
                      render: (_, r) =>
                        r.refs.map((x) => `${t(`carbon:ref.${x.type}`)} ${x.name}`).join(' · '),
                    },
                    { title: t('carbon:col.reason'), dataIndex: 'reason' },
                  ]}
                />
              ),
            },
            {
              key: 'entries',
              label: t('carbon:tab.entries'),
              children: (
                <>
                  {canEdit && (
                    <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
                      {t('carbon:entry.add')}
                    </Button>
                  )}
                  <Table<CarbonEntry>
                    size="small"
                    rowKey="id"
                    loading={entries.isLoading}
                    dataSource={entries.data?.content ?? []}
                    locale={{ emptyText: <EmptyState size="small" /> }}
                    pagination={{
                      current: entryPage.page + 1,
                      pageSize: entryPage.size,
                      total: entries.data?.totalElements ?? 0,
                      onChange: (p, size) => setEntryPage({ page: p - 1, size }),
                    }}
                    columns={[
                      { title: t('carbon:entry.date'), dataIndex: 'entryDate', width: 110 },
                      {
                        title: t('carbon:entry.kind'),
                        dataIndex: 'kind',
                        render: (k: string) => (
                          <Tag color={k === 'removal' ? 'green' : 'orange'}>{t(`carbon:kind.${k}`)}</Tag>
                        ),
                      },
                      {
                        title: t('carbon:factor.stage'),
                        dataIndex: 'stage',
                        render: (s: string) => t(`carbon:stage.${s}`),
                      },
                      {
                        title: t('carbon:entry.base'),
                        dataIndex: 'areaName',
                        render: (v: string | null) => v ?? '—',
                      },
                      {
                        title: t('carbon:entry.batch'),
                        dataIndex: 'batchName',
                        render: (v: string | null) => v ?? '—',
                      },
                      {
                        title: t('carbon:entry.amount'),
                        key: 'amt',
                        render: (_, e) => `${kg(e.activityAmount, 4)} ${e.activityUnit} · ${e.factorCode}`,
                      },
                      {
                        title: t('carbon:line.result'),
                        dataIndex: 'kgCo2e',
                        align: 'right',
                        render: (v: string | null) => kg(v, 4),
                      },
                      {
                        title: t('carbon:entry.evidence'),
                        dataIndex: 'evidence',
                        render: (v: string[]) => v.length,
                      },
                      { title: t('carbon:factor.description'), dataIndex: 'description', ellipsis: true },
                      ...(canEdit
                        ? [
                            {
                              title: '',
                              key: 'ops',
                              width: 140,
                              render: (_: unknown, e: CarbonEntry) => (
                                <Space size={4}>
                                  <Button size="small" type="link" onClick={() => setEditing({ entry: e })}>
                                    {t('common:action.edit')}
                                  </Button>
                                  <Popconfirm
                                    title={t('carbon:entry.deleteConfirm')}
                                    onConfirm={() => remove.mutate(e)}
                                  >
                                    <Button size="small" type="link" danger>
                                      {t('common:action.delete')}
                                    </Button>
                                  </Popconfirm>
                                </Space>
                              ),
                            },
                          ]
                        : []),
                    ]}
                  />
                </>
              ),
            },
          ]}
        />
      </section>
      <EntryFormModal
        open={editing !== null}
        initial={editing?.entry}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={(b) => save.mutate(b)}
      />
    </Space>
  );
}
