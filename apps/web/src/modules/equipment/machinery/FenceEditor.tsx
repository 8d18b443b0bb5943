import 'leaflet/dist/leaflet.css';
import type { Device } from '@tilth/contracts/device.types';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toDisplay } from '../../../shared/map/coords';
import { useMapConfig } from '../../../shared/map/mapConfig';
import { useFarmMap } from '../../../shared/map/useFarmMap';
import { useShell } from '../../../shell/ShellContext';
import { attachBoundaryEditor } from '../../farm/land/components/drawing';
import type { LatLng } from '../families/familyFormat';
import { boundaryToFence, fenceToBoundary, positionOf } from './machineryFormat';

export interface FenceEditorProps {
  machine: Device;
  /** The fence being edited; a new value (circle, clear, another machine) redraws the polygon. */
  fence: readonly LatLng[];
  /** Bumped by the page when `fence` was set from outside the map. */
  revision: number;
  onChange: (fence: LatLng[]) => void;
}

/** A map to draw the machine's geofence (polygon or rectangle, the plot editor's tools) at its position. */
export function FenceEditor({ machine, fence, revision, onChange }: FenceEditorProps) {
  const { t, i18n } = useTranslation('machinery');
  const { tenantId } = useShell();
  const { config } = useMapConfig(tenantId);
  const at = positionOf(machine);
  const lat = at?.lat;
  const lng = at?.lng;
  const { ref, handle, crs } = useFarmMap(config, { center: at ? [at.lat, at.lng] : null, zoom: 16 });
  const latest = useRef({ fence, onChange });
  latest.current = { fence, onChange };

  // The editor is made again when the fence was replaced from outside (revision) or the machine changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision stands for the outside fence
  useEffect(() => {
    if (!handle) return;
    const editor = attachBoundaryEditor(
      handle,
      crs,
      fenceToBoundary(latest.current.fence),
      (b) => latest.current.onChange(boundaryToFence(b)),
      { draw: t('fence.draw'), lang: i18n.language.startsWith('en') ? 'en' : 'zh' },
    );
    editor.fit();
    return () => editor.destroy();
  }, [handle, crs, revision, machine.id, t, i18n.language]);

  // The machine's position.
  useEffect(() => {
    if (!handle || lat === undefined || lng === undefined) return;
    const marker = L.circleMarker(toDisplay([lat, lng], crs), {
      renderer: handle.renderer,
      radius: 7,
      color: '#ffffff',
      weight: 2,
      fillColor: '#d4380d',
      fillOpacity: 1,
      interactive: false,
    }).addTo(handle.map);
    return () => {
      marker.remove();
    };
  }, [handle, crs, lat, lng]);

  return <div ref={ref} data-testid="fence-map" style={{ height: 460, width: '100%' }} />;
}
