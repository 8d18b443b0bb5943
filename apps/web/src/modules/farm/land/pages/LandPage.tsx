import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import '../../map/map.css';
import '../land.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LAND_USAGES } from '@tilth/contracts/land.types';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField, type FilterValues } from '../../../../shared/FilterBar/FilterBar';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { mapApi } from '../../map/api/map.api';
import { MapLegend } from '../../map/components/MapLegend';
import { areaText } from '../../map/components/popups';
import { useFeatureOverlay } from '../../map/components/useFeatureOverlay';
import { type Land, landApi, landKeys } from '../api/land.api';
import { LandDetailDrawer } from '../components/LandDetailDrawer';
import { LandFormDrawer } from '../components/LandFormDrawer';
import { LAND_CODES } from '../landCodes';

const numberOf = (v: FilterValues[string]): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : undefined;

/** farm/land: the plots (paged list, filters) beside a map of them; add / edit by drawing the boundary. */
export function LandPage() {
  const { t, i18n } = useTranslation(['farmLand', 'farmMap', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const queryClient = useQueryClient();
  const selected = useSelectedArea();
  const initial = useMemo(() => (selected ? { areaId: selected.areaId } : {}), [selected]);
  const key = useMemo(() => landKeys.list(tenantId), [tenantId]);
  const list = usePagedList<Land>(key, (q) => landApi.page(tenantId, q), { initialFilters: initial });
  const featuresKey = ['map', 'features', tenantId] as const;
  const features = useQuery({
    queryKey: featuresKey,
    queryFn: () => mapApi.features(tenantId),
    structuralSharing: false,
  });
  const bases = features.data?.bases ?? [];
  const [editing, setEditing] = useState<{ land: Land | null } | null>(null);
  const [detail, setDetail] = useState<Land | null>(null);

  const { config } = useMapConfig(tenantId);
  const map = useFarmMap(config, { layerName: (p) => t(`farmMap:layer.${p.id}`, { defaultValue: p.id }) });
  const areaFilter = numberOf(list.filters.areaId);
  const overlay = useFeatureOverlay(map, features.data, undefined, areaFilter);

  const search = (values: FilterValues) => {
    list.search(values);
    overlay.current?.filter(numberOf(values.areaId));
    overlay.current?.fit();
  };
  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: landKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: featuresKey }),
    ]);
  };

  const remove = (land: Land) => {
    modal.confirm({
      title: t('common:confirm.delete', { name: land.landName }),
      content: land.currentBatch ? t('farmLand:message.deleteGrowing') : undefined,
      width: 330,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await landApi.remove(tenantId, land);
          message.success(t('common:message.deleted'));
        } catch {
          // The server's reason (a batch grows on it, changed by someone else) was shown by the API client.
        }
        await reload();
      },
    });
  };

  const fields: FilterField[] = [
    {
      name: 'areaId',
      label: t('farmLand:field.base'),
      type: 'select',
      showSearch: true,
      options: bases.map((b) => ({ value: b.areaId, label: b.areaName })),
    },
    { name: 'landName', label: t('farmLand:field.name'), type: 'text' },
    {
      name: 'landUsage',
      label: t('farmLand:field.usage'),
      type: 'select',
      options: LAND_USAGES.map((u) => ({ value: u, label: t(`farmMap:usage.${u}`) })),
    },
    {
      name: 'bound',
      label: t('farmLand:field.bound'),
      type: 'select',
      options: [
        { value: 1, label: t('farmLand:bound.yes') },
        { value: 0, label: t('farmLand:bound.no') },
      ],
    },
  ];

  const lang = i18n.language;
  const columns: ColumnsType<Land> = [
    {
      title: t('farmLand:field.name'),
      dataIndex: 'landName',
      render: (v: string, r) => (
        <Button type="link" size="small" onClick={() => overlay.current?.focusPlot(r.landId)}>
          {v}
        </Button>
      ),
    },
    { title: t('farmLand:field.code'), dataIndex: 'landNum', render: (v: string | null) => v ?? '—' },
    { title: t('farmLand:field.base'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: t('farmLand:field.usage'),
      dataIndex: 'landUsage',
      render: (v: string) => (
        <Tag color={v === 'nurture' ? 'blue' : 'green'}>
          {t(`farmMap:usage.${v === 'nurture' ? 'nurture' : 'plant'}`)}
        </Tag>
      ),
    },
    {
      title: t('farmLand:field.area'),
      key: 'area',
      render: (_: unknown, r) => areaText(t, lang, r.areaMu, r.areaM2),
    },
    {
      title: t('farmLand:field.batch'),
      key: 'batch',
      render: (_: unknown, r) =>
        r.currentBatch ? (
          <span>
            {r.currentBatch.batchName}
            {r.currentBatch.cropName ? ` (${r.currentBatch.cropName})` : ''}
          </span>
        ) : (
          <span className="tl-muted">{t('farmMap:popup.noBatch')}</span>
        ),
    },
    {
      title: t('farmLand:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) => (v === 1 ? t('farmLand:enabled.yes') : <Tag>{t('farmLand:enabled.no')}</Tag>),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setDetail(r)}>
              {t('common:action.detail')}
            </Button>
          }
          onEdit={() => setEditing({ land: r })}
          editCode={LAND_CODES.edit}
          onDelete={() => remove(r)}
          deleteCode={LAND_CODES.delete}
        />
      ),
    },
  ];

  const add = () => setEditing({ land: null });
  return (
    <section className="tl-card tl-land-page">
      <FilterBar
        fields={fields}
        initialValues={initial}
        onSearch={search}
        onAdd={add}
        addText={t('farmLand:action.add')}
        addCode={LAND_CODES.create}
      />
      <div className="tl-land-page__body">
        <div className="tl-land-page__table">
          <PagedTable<Land>
            list={list}
            rowKey="landId"
            columns={columns}
            scroll={{ x: 980 }}
            size="middle"
            empty={{
              title: t('farmLand:empty'),
              onAdd: add,
              addText: t('farmLand:action.add'),
              addCode: LAND_CODES.create,
            }}
          />
        </div>
        <div className="tl-land-page__map">
          <div ref={map.ref} className="tl-farm-map" />
          <MapLegend />
        </div>
      </div>
      {editing ? (
        <LandFormDrawer
          open
          land={editing.land}
          defaultAreaId={areaFilter ?? selected?.areaId ?? bases[0]?.areaId}
          bases={bases}
          onClose={() => setEditing(null)}
          onSaved={() => void reload()}
        />
      ) : null}
      <LandDetailDrawer
        land={detail}
        onClose={() => setDetail(null)}
        onChanged={(l) => {
          setDetail(l);
          void reload();
        }}
      />
    </section>
  );
}
