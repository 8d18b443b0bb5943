import { nowInZone } from '../../../../shared/format/time';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import type { Device } from '@tilth/contracts/device.types';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { toDisplay } from '../../../../shared/map/coords';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { NoData } from '../../device/components/NoData';
import { dayRange } from '../../device/deviceFormat';
import { familyApi, familyKeys } from '../family.api';
import { insidePolygon, type LatLng } from '../familyFormat';

// Farm machine: the GPS track over a date range and the geofence of its config; inside / outside is
// shown, nothing is raised here (alarm rules do that).

const fenceOf = (v: unknown): LatLng[] =>
  Array.isArray(v)
    ? v.filter(
        (p): p is LatLng => typeof p === 'object' && p !== null && typeof Reflect.get(p, 'lat') === 'number',
      )
    : [];

export default function TrackPanel({ device }: { device: Device }) {
  const { t } = useTranslation('family');
  const { tenantId } = useShell();
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [nowInZone(), nowInZone()]);
  const range = dayRange(days[0], days[1]);
  const track = useQuery({
    queryKey: familyKeys.track(tenantId, device.id, range),
    queryFn: () => familyApi.track(tenantId, device.id, range),
  });
  const { config } = useMapConfig(tenantId);
  const last = track.data?.at(-1);
  const { ref, handle, crs } = useFarmMap(config, {
    noSwitcher: true,
    center: last
      ? [last.lat, last.lng]
      : device.lat !== null && device.lng !== null
        ? [device.lat, device.lng]
        : null,
  });
  const geofence = device.config.geofence;
  const fence = useMemo(() => fenceOf(geofence), [geofence]);
  useEffect(() => {
    if (!handle) return;
    const group = L.layerGroup().addTo(handle.map);
    const pts = (track.data ?? []).map((p) => toDisplay([p.lat, p.lng], crs));
    if (fence.length >= 3) {
      L.polygon(
        fence.map((p) => toDisplay([p.lat, p.lng], crs)),
        { renderer: handle.renderer, color: '#faad14', weight: 2, fillOpacity: 0.08 },
      ).addTo(group);
    }
    if (pts.length > 0) {
      const line = L.polyline(pts, { renderer: handle.renderer, color: '#1b9961', weight: 3 }).addTo(group);
      L.circleMarker(pts[pts.length - 1] as L.LatLngExpression, {
        renderer: handle.renderer,
        radius: 6,
        color: '#d4380d',
      }).addTo(group);
      handle.map.fitBounds(line.getBounds(), { maxZoom: 17, padding: [24, 24] });
    }
    return () => {
      group.remove();
    };
  }, [handle, track.data, crs, fence]);
  const inside = last && fence.length >= 3 ? insidePolygon(last, fence) : null;
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          value={days}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) setDays([v[0], v[1]]);
          }}
        />
        {track.data ? (
          <span className="tl-muted">{t('track.points', { count: track.data.length })}</span>
        ) : null}
        {inside === null ? null : (
          <Tag color={inside ? 'green' : 'red'}>{t(inside ? 'track.inside' : 'track.outside')}</Tag>
        )}
        {/* Say why no fence is drawn: it is set in the device form. */}
        {fence.length < 3 ? <span className="tl-muted">{t('track.noFence')}</span> : null}
        {track.isFetching ? <Spin size="small" /> : null}
      </Space>
      {track.data && track.data.length === 0 ? <NoData /> : null}
      <div ref={ref} style={{ height: 420, width: '100%' }} />
    </div>
  );
}
