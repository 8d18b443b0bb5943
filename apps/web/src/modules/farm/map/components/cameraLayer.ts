import type { MapCrs, MapFeatures } from '@tilth/contracts/map.types';
import L from 'leaflet';
import { toDisplay } from '../../../../shared/map/coords';
import type { FarmMapHandle } from '../../../../shared/map/createFarmMap';
import type { Camera } from '../../../equipment/camera/camera.api';
import { cameraPosition } from './cameraPosition';

// The farm map's camera layer: an icon per located camera (cameraPosition.ts); a click opens the camera.

const ICON_HTML =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M17 10.5V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11z"/></svg>';

/** The cameras as clickable icons; cameras without any location are left out. */
export const drawCameras = (
  handle: FarmMapHandle,
  crs: MapCrs,
  cameras: readonly Camera[],
  features: MapFeatures | undefined,
  onOpen: (c: Camera) => void,
): L.LayerGroup => {
  const group = L.layerGroup();
  for (const c of cameras) {
    const at = cameraPosition(c, features);
    if (!at) continue;
    const state = c.status === 0 ? 'disabled' : c.online === 1 ? 'online' : 'offline';
    const icon = L.divIcon({
      className: `tl-map-camera tl-map-camera--${state}`,
      html: `<span data-testid="map-camera" data-camera-id="${c.id}">${ICON_HTML}</span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
    });
    const marker = L.marker(toDisplay(at, crs), { icon, title: c.name, keyboard: true, riseOnHover: true });
    marker.bindTooltip(c.name, { direction: 'top', offset: [0, -14] });
    marker.on('click', () => onOpen(c));
    marker.addTo(group);
  }
  return group.addTo(handle.map);
};
