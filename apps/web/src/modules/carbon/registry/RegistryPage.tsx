import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatNumber } from '../../../shared/format/number';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import {
  CARBON_CATEGORIES,
  CARBON_GASES,
  CARBON_GRID_REGIONS,
  CARBON_STAGES,
  type CarbonFactor,
  carbonApi,
  carbonKeys,
  type FactorBody,
  STAGE_FEEDS,
} from '../api/carbon.api';
import { FactorFormModal } from './FactorFormModal';

interface Filters {
  category?: string;
  gas?: string;
  region?: string;
  year?: number;
  stage?: string;
  origin: 'all' | 'own' | 'default';
  search?: string;
}

type Editing =
  | { mode: 'add' }
  | { mode: 'edit'; factor: CarbonFactor }
  | { mode: 'override'; factor: CarbonFactor };

/** /web/carbon/registry: the emission factors (cited defaults + the tenant's), settings and the stages. */
export function RegistryPage() {
  const { t, i18n } = useTranslation(['carbon', 'common']);
  const { tenantId } = useShell();
  const qc = useQueryClient();
  const message = useMessage();
  const { allowed: canEdit } = usePermissions(['wfpf.farm.carbon.registry.ps.edit']);
  const [filters, setFilters] = useState<Filters>({ origin: 'all' });
  const [page, setPage] = useState({ page: 0, size: 20 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const query = { ...filters, ...page };
  const list = useQuery({
    queryKey: carbonKeys.factors(tenantId, query),
    queryFn: () => carbonApi.factors(tenantId, query),
  });
  const settings = useQuery({
    queryKey: carbonKeys.settings(tenantId),
    queryFn: () => carbonApi.settings(tenantId),
  });
  const [grid, setGrid] = useState<string>('CN');
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) {
      setGrid(settings.data.gridRegion);
      setYear(settings.data.dashboardYear);
    }
  }, [settings.data]);
  const refresh = () => qc.invalidateQueries({ queryKey: carbonKeys.all(tenantId) });
  const done = () => {
    message.success(t('common:message.saved'));
    void refresh();
  };
  const onError = (err: unknown) => message.error(errorText(err));
  const save = useMutation({
    mutationFn: (body: FactorBody) => {
      if (editing?.mode === 'edit') {
        return carbonApi.updateFactor(tenantId, {
          ...body,
          id: editing.factor.id ?? 0,
          objectVersionNumber: editing.factor.objectVersionNumber ?? 1,
          enabledFlag: editing.factor.enabledFlag === 1 ? 1 : 0,
        });
      }
      return carbonApi.createFactor(tenantId, body);
    },
    onSuccess: () => {
      setEditing(null);
      done();
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (f: CarbonFactor) =>
      carbonApi.updateFactor(tenantId, {
        ...(f as unknown as FactorBody),
        value: Number(f.value),
        uncertaintyPct: f.uncertaintyPct == null ? null : Number(f.uncertaintyPct),
        id: f.id ?? 0,
        objectVersionNumber: f.objectVersionNumber ?? 1,
        enabledFlag: f.enabledFlag === 1 ? 0 : 1,
      }),
    onSuccess: done,
    onError,
  });
  const remove = useMutation({
    mutationFn: (f: CarbonFactor) => carbonApi.deleteFactor(tenantId, f.id ?? 0, f.objectVersionNumber ?? 1),
    onSuccess: done,
    onError,
  });
  const saveSettings = useMutation({
    mutationFn: () =>
      carbonApi.saveSettings(tenantId, {
        gridRegion: grid,
        dashboardYear: year,
        objectVersionNumber: settings.data?.objectVersionNumber ?? 0,
      }),
    onSuccess: done,
    onError,
  });
  const lang = i18n.language;
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, page: 0 }));
  };
  const nameOf = (f: CarbonFactor) => (lang === 'en-US' && f.factorEnName ? f.factorEnName : f.factorName);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <section className="tl-card">
        <Typography.Title level={5}>{t('carbon:settings.title')}</Typography.Title>
        <Space wrap>
          <span>{t('carbon:settings.gridRegion')}</span>
          <Select
            value={grid}
            style={{ width: 200 }}
            onChange={setGrid}
            disabled={!canEdit}
            options={CARBON_GRID_REGIONS.map((r) => ({ value: r, label: t(`carbon:grid.${r}`) }))}
          />
          <span>{t('carbon:settings.dashboardYear')}</span>
          <InputNumber<number>
            value={year}
            min={1990}
            max={2100}
            precision={0}
            placeholder={t('carbon:settings.currentYear')}
            disabled={!canEdit}
            onChange={(v) => setYear(v ?? null)}
          />
          {canEdit && (
            <Button type="primary" loading={saveSettings.isPending} onClick={() => saveSettings.mutate()}>
              {t('common:action.save')}
            </Button>
          )}
        </Space>
      </section>

      <section className="tl-card">
        <Typography.Title level={5}>{t('carbon:stages.title')}</Typography.Title>
        <Table
          size="small"
          rowKey="stage"
          pagination={false}
          dataSource={CARBON_STAGES.map((s) => ({ stage: s }))}
          columns={[
            {
              title: t('carbon:factor.stage'),
              dataIndex: 'stage',
              render: (s: string) => t(`carbon:stage.${s}`),
            },
            {
              title: t('carbon:stages.feeds'),
              dataIndex: 'stage',
              key: 'feeds',
              render: (s: string) =>
                (STAGE_FEEDS[s] ?? []).map((src) => <Tag key={src}>{t(`carbon:source.${src}`)}</Tag>),
            },
          ]}
        />
      </section>

      <section className="tl-card">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('carbon:filter.search')}
            style={{ width: 220 }}
            onSearch={(v) => set({ search: v || undefined })}
          />
          <Select
            allowClear
            placeholder={t('carbon:factor.category')}
            style={{ width: 140 }}
            onChange={(v?: string) => set({ category: v })}
            options={CARBON_CATEGORIES.map((c) => ({ value: c, label: t(`carbon:category.${c}`) }))}
          />
          <Select
            allowClear
            placeholder={t('carbon:factor.gas')}
            style={{ width: 110 }}
            onChange={(v?: string) => set({ gas: v })}
            options={CARBON_GASES.map((g) => ({ value: g, label: g }))}
          />
          <Input
            allowClear
            placeholder={t('carbon:factor.region')}
            style={{ width: 130 }}
            onChange={(e) => set({ region: e.target.value.trim().toUpperCase() || undefined })}
          />
          <InputNumber<number>
            placeholder={t('carbon:factor.validYear')}
            min={1990}
            max={2100}
            precision={0}
            onChange={(v) => set({ year: v ?? undefined })}
          />
          <Select
            allowClear
            placeholder={t('carbon:factor.stage')}
            style={{ width: 140 }}
            onChange={(v?: string) => set({ stage: v })}
            options={CARBON_STAGES.map((s) => ({ value: s, label: t(`carbon:stage.${s}`) }))}
          />
          <Select
            value={filters.origin}
            style={{ width: 130 }}
            onChange={(v: Filters['origin']) => set({ origin: v })}
            options={(['all', 'own', 'default'] as const).map((o) => ({
              value: o,
              label: t(`carbon:origin.${o}`),
            }))}
          />
          {canEdit && (
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })}>
              {t('carbon:factor.add')}
            </Button>
          )}
        </Space>
        <Table<CarbonFactor>
          rowKey={(f) =>
            `${f.own ? 'own' : 'def'}-${f.id ?? ''}-${f.factorCode}-${f.region}-${f.validYear ?? ''}`
          }
          loading={list.isLoading}
          dataSource={list.data?.content ?? []}
          scroll={{ x: 1600 }}
          locale={{ emptyText: <EmptyState size="small" /> }}
          pagination={{
            current: page.page + 1,
            pageSize: page.size,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: true,
            onChange: (p, size) => setPage({ page: p - 1, size }),
          }}
          columns={[
            {
              title: t('carbon:factor.name'),
              key: 'name',
              width: 240,
              render: (_, f) => (
                <Space direction="vertical" size={0}>
                  <span>{nameOf(f)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {f.factorCode}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('carbon:factor.category'),
              dataIndex: 'category',
              width: 100,
              render: (c: string) => t(`carbon:category.${c}`),
            },
            { title: t('carbon:factor.gas'), dataIndex: 'gas', width: 70 },
            {
              title: t('carbon:factor.value'),
              key: 'value',
              width: 170,
              render: (_, f) => `${formatNumber(Number(f.value), lang, 6)} ${f.unit}`,
            },
            { title: t('carbon:factor.region'), dataIndex: 'region', width: 110 },
            { title: t('carbon:factor.validYear'), dataIndex: 'validYear', width: 90 },
            { title: t('carbon:factor.calcYear'), dataIndex: 'calcYear', width: 90 },
            {
              title: t('carbon:factor.uncertainty'),
              dataIndex: 'uncertaintyPct',
              width: 90,
              render: (u: string | null) => (u == null ? '—' : `±${formatNumber(Number(u), lang, 2)} %`),
            },
            {
              title: t('carbon:factor.stage'),
              dataIndex: 'stage',
              width: 100,
              render: (s: string | null) => (s ? t(`carbon:stage.${s}`) : '—'),
            },
            {
              title: t('carbon:factor.source'),
              dataIndex: 'source',
              width: 280,
              ellipsis: true,
              render: (s: string) => <span title={s}>{s}</span>,
            },
            {
              title: t('carbon:factor.origin'),
              key: 'origin',
              width: 130,
              render: (_, f) =>
                f.own ? (
                  <Space size={2} wrap>
                    <Tag color="blue">{t(f.overrides ? 'carbon:origin.override' : 'carbon:origin.own')}</Tag>
                    {f.enabledFlag !== 1 && <Tag>{t('carbon:origin.disabled')}</Tag>}
                  </Space>
                ) : (
                  <Tag color={f.overriddenBy ? 'default' : 'green'}>
                    {t(f.overriddenBy ? 'carbon:origin.overridden' : 'carbon:origin.default')}
                  </Tag>
                ),
            },
            ...(canEdit
              ? [
                  {
                    title: t('common:action.operation'),
                    key: 'actions',
                    width: 200,
                    fixed: 'right' as const,
                    render: (_: unknown, f: CarbonFactor) =>
                      f.own ? (
                        <Space size={4}>
                          <Button
                            size="small"
                            type="link"
                            onClick={() => setEditing({ mode: 'edit', factor: f })}
                          >
                            {t('common:action.edit')}
                          </Button>
                          <Button size="small" type="link" onClick={() => toggle.mutate(f)}>
                            {t(f.enabledFlag === 1 ? 'carbon:action.disable' : 'carbon:action.enable')}
                          </Button>
                          <Popconfirm
                            title={t('carbon:factor.deleteConfirm')}
                            onConfirm={() => remove.mutate(f)}
                          >
                            <Button size="small" type="link" danger>
                              {t('common:action.delete')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ) : (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => setEditing({ mode: 'override', factor: f })}
                        >
                          {t('carbon:action.override')}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </section>
      <FactorFormModal
        open={editing !== null}
        initial={editing && editing.mode !== 'add' ? editing.factor : undefined}
        override={editing?.mode === 'override'}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={(b) => save.mutate(b)}
      />
    </Space>
  );
}
