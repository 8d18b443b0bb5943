import 'leaflet/dist/leaflet.css';
import type { Device } from '@tilth/contracts/device.types';
import type { TrackPoint } from '@tilth/contracts/device-family.types';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { toDisplay } from '../../../shared/map/coords';
import { useMapConfig } from '../../../shared/map/mapConfig';
import { useFarmMap } from '../../../shared/map/useFarmMap';
import { useShell } from '../../../shell/ShellContext';
import { fenceOf, fenceStateOf, positionOf, type RunState, runStateOf } from './machineryFormat';

const RUN_COLOR: Record<RunState, string> = { running: '#1b9961', idle: '#1677ff', offline: '#8c8c8c' };

export interface MachineMapProps {
  machines: readonly Device[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** The selected machine's track and the playback position in it. */
  track?: readonly TrackPoint[];
  playIndex?: number;
  height?: number;
}

/**
 * Latest positions of the machines (green running, blue idle, grey offline; red ring outside the
 * fence), the selected machine's fence, and its track with the playback marker.
 */
export function MachineMap({
  machines,
  selectedId,
  onSelect,
  track,
  playIndex,
  height = 480,
}: MachineMapProps) {
  const { tenantId } = useShell();
  const { config } = useMapConfig(tenantId);
  const first = machines.map(positionOf).find((p) => p !== null);
  const { ref, handle, crs } = useFarmMap(config, { center: first ? [first.lat, first.lng] : null });
  const select = useRef(onSelect);
  select.current = onSelect;
  const fitted = useRef(false);

  // Machines and the selected fence.
  useEffect(() => {
    if (!handle) return;
    const group = L.layerGroup().addTo(handle.map);
    const bounds: L.LatLngExpression[] = [];
    for (const m of machines) {
      const at = positionOf(m);
      if (!at) continue;
      const p = toDisplay([at.lat, at.lng], crs);
      bounds.push(p);
      const outside = fenceStateOf(m) === 'outside';
      L.circleMarker(p, {
        renderer: handle.renderer,
        radius: m.id === selectedId ? 9 : 7,
        color: outside ? '#d4380d' : '#ffffff',
        weight: outside ? 3 : 2,
        fillColor: RUN_COLOR[runStateOf(m)],
        fillOpacity: 0.95,
      })
        .bindTooltip(m.name, { permanent: m.id === selectedId, direction: 'top' })
        .on('click', () => select.current?.(m.id))
        .addTo(group);
      if (m.id === selectedId) {
        const fence = fenceOf(m);
        if (fence.length >= 3) {
          L.polygon(
            fence.map((q) => toDisplay([q.lat, q.lng], crs)),
            { renderer: handle.renderer, color: '#faad14', weight: 2, fillOpacity: 0.08, interactive: false },
          ).addTo(group);
        }
      }
    }
    if (!fitted.current && bounds.length > 0 && !track?.length) {
      fitted.current = true;
      handle.map.fitBounds(L.latLngBounds(bounds), { maxZoom: 16, padding: [32, 32] });
    }
    return () => {
      group.remove();
    };
  }, [handle, crs, machines, selectedId, track]);

  // The track, fitted once per track.
  useEffect(() => {
    if (!handle || !track || track.length === 0) return;
    const pts = track.map((p) => toDisplay([p.lat, p.lng], crs));
    const line = L.polyline(pts, { renderer: handle.renderer, color: '#13a8a8', weight: 3, opacity: 0.8 });
    line.addTo(handle.map);
    handle.map.fitBounds(line.getBounds(), { maxZoom: 17, padding: [24, 24] });
    return () => {
      line.remove();
    };
  }, [handle, crs, track]);

  // The playback marker.
  useEffect(() => {
    if (!handle || !track || playIndex === undefined) return;
    const p = track[playIndex];
    if (!p) return;
    const marker = L.circleMarker(toDisplay([p.lat, p.lng], crs), {
      renderer: handle.renderer,
      radius: 8,
      color: '#ffffff',
      weight: 2,
      fillColor: '#d4380d',
      fillOpacity: 1,
      interactive: false,
    }).addTo(handle.map);
    return () => {
      marker.remove();
    };
  }, [handle, crs, track, playIndex]);

  return <div ref={ref} data-testid="machine-map" style={{ height, width: '100%' }} />;
}
