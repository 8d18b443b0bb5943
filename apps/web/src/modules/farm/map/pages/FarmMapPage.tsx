import 'leaflet/dist/leaflet.css';
import '../map.css';
import AimOutlined from '@ant-design/icons/AimOutlined';
import { useQuery } from '@tanstack/react-query';
import type { MapBase, MapPlot } from '@tilth/contracts/map.types';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { formatNumber } from '../../../../shared/format/number';
import { mapDeviceLayers } from '../../../../shared/map/devices';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { CameraModal } from '../../../equipment/camera/CameraModal';
import { cameraApi, cameraKeys } from '../../../equipment/camera/camera.api';
import { mapApi } from '../api/map.api';
import { drawCameras } from '../components/cameraLayer';
import { MapLegend } from '../components/MapLegend';
import { useFeatureOverlay } from '../components/useFeatureOverlay';

/** Search results listed at most; the map shows everything anyway. */
const MAX_LISTED = 200;

/** farm/map: every base and plot of the tenant on one map, with a side list to filter and focus. */
export function FarmMapPage() {
  const { tenantId } = useShell();
  // The data calls start before the texts are asked for: useTranslation suspends while this page's
  // namespace loads, and the calls already in flight are picked up when it resumes.
  const { config, fallback } = useMapConfig(tenantId);
  const features = useQuery({
    queryKey: ['map', 'features', tenantId],
    queryFn: () => mapApi.features(tenantId),
    // A large answer that is replaced whole: skip the deep compare with the previous one.
    structuralSharing: false,
  });
  const { t, i18n } = useTranslation('farmMap');
  const map = useFarmMap(config, { layerName: (p) => t(`layer.${p.id}`, { defaultValue: p.id }) });
  const box = useRef<HTMLDivElement | null>(null);
  const [areaId, setAreaId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const overlay = useFeatureOverlay(
    map,
    features.data,
    (o) => {
      // Marks the map drawn (read by bench/farm-map.bench.mjs and the browser tests).
      box.current?.setAttribute('data-ready', String(o.plotCount()));
    },
    areaId,
  );

  useEffect(() => {
    overlay.current?.filter(areaId);
    if (areaId !== undefined) overlay.current?.focusBase(areaId);
  }, [areaId, overlay]);

  // Devices: drawn by whatever the device module registers (nothing yet; see shared/map/devices.ts).
  const { handle, crs } = map;
  useEffect(() => {
    if (!handle) return;
    const added: { remove: () => void }[] = [];
    let live = true;
    for (const f of mapDeviceLayers()) {
      void f.create({ tenantId, areaId, crs, renderer: handle.renderer }).then((layer) => {
        if (layer && live) added.push(layer.addTo(handle.map));
      });
    }
    return () => {
      live = false;
      for (const l of added) l.remove();
    };
  }, [handle, crs, tenantId, areaId]);

  // Cameras (issue 16): a layer of icons that open the camera modal; toggled from the map's corner.
  const [showCameras, setShowCameras] = useState(true);
  const [openCamera, setOpenCamera] = useState<number | null>(null);
  const cameras = useQuery({
    queryKey: [...cameraKeys.tenant(tenantId), 'map', areaId ?? 0],
    queryFn: () => cameraApi.tenantPage(tenantId, { page: 0, size: 1000, areaId }),
    enabled: showCameras,
  });
  const { t: tc } = useTranslation('camera');
  useEffect(() => {
    if (!handle || !showCameras || !cameras.data) return;
    const layer = drawCameras(handle, crs, cameras.data.content, features.data, (c) => setOpenCamera(c.id));
    return () => {
      layer.remove();
    };
  }, [handle, crs, showCameras, cameras.data, features.data]);

  // The side list renders after the map has drawn (a deferred value): the map is what the user waits for.
  const data = useDeferredValue(features.data);
  const bases = data?.bases ?? [];
  const baseName = useMemo(() => new Map(bases.map((b) => [b.areaId, b.areaName])), [bases]);
  const listed = useMemo((): MapPlot[] => {
    const plots = data?.plots ?? [];
    const q = search.trim().toLowerCase();
    if (!q && areaId === undefined) return [];
    return plots
      .filter(
        (p) => (areaId === undefined || p.areaId === areaId) && (!q || p.landName.toLowerCase().includes(q)),
      )
      .slice(0, MAX_LISTED);
  }, [data, areaId, search]);
  const showBases = !search.trim() && areaId === undefined;
  const lang = i18n.language;
  const empty = data && data.bases.length === 0 && data.plots.length === 0;

  return (
    <div className="tl-farm-map-page">
      <aside className="tl-map-side">
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('side.allBases')}
          value={areaId}
          onChange={(v) => setAreaId(v ?? undefined)}
          options={bases.map((b) => ({ value: b.areaId, label: b.areaName }))}
          style={{ width: '100%' }}
        />
        <Input.Search
          allowClear
          placeholder={t('side.searchPlot')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginTop: 8 }}
        />
        <div className="tl-map-side__summary">
          {t('side.summary', {
            bases: formatNumber(bases.length, lang, 0),
            plots: formatNumber(data?.plots.length ?? 0, lang, 0),
          })}
        </div>
        <ul className="tl-map-side__list">
          {features.isLoading ? (
            <li>
              <Spin />
            </li>
          ) : null}
          {showBases
            ? bases.map((b: MapBase) => (
                <li key={b.areaId}>
                  <button
                    type="button"
                    className="tl-map-side__item"
                    onClick={() => overlay.current?.focusBase(b.areaId)}
                  >
                    <span className="tl-map-side__name">{b.areaName}</span>
                    <span className="tl-map-side__meta">
                      {t('side.baseMeta', {
                        plots: formatNumber(b.landCount, lang, 0),
                        mu: formatNumber(b.areaMu, lang, 1),
                      })}
                    </span>
                  </button>
                </li>
              ))
            : listed.map((p) => (
                <li key={p.landId}>
                  <button
                    type="button"
                    className="tl-map-side__item"
                    onClick={() => overlay.current?.focusPlot(p.landId)}
                  >
                    <span className="tl-map-side__name">
                      <AimOutlined /> {p.landName}
                    </span>
                    <span className="tl-map-side__meta">
                      {[baseName.get(p.areaId), p.batchName ?? t('popup.noBatch')]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </button>
                </li>
              ))}
          {!showBases && listed.length === 0 && data ? (
            <li>
              <EmptyState variant="noSearchResult" size="small" />
            </li>
          ) : null}
          {empty ? (
            <li>
              <EmptyState variant="noData" size="small" description={t('side.empty')} />
            </li>
          ) : null}
        </ul>
      </aside>
      <div className="tl-map-main">
        <div
          ref={(el) => {
            box.current = el;
            map.ref(el);
          }}
          className="tl-farm-map"
        />
        <MapLegend />
        <div className="tl-map-camera-toggle">
          <Switch
            id="tl-map-camera-toggle"
            size="small"
            checked={showCameras}
            onChange={setShowCameras}
            data-testid="map-camera-toggle"
          />
          <label htmlFor="tl-map-camera-toggle">{tc('map.layer')}</label>
        </div>
        {fallback ? <div className="tl-map-notice">{t('map.offline')}</div> : null}
      </div>
      {openCamera !== null ? (
        <CameraModal tenantId={tenantId} cameraId={openCamera} onClose={() => setOpenCamera(null)} />
      ) : null}
    </div>
  );
}
