import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { fromDisplay, type LatLngPair, toDisplay } from '../../../../shared/map/coords';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';

export interface LocationPickerProps {
  /** WGS84 [lat, lng]; null when not placed. */
  value: LatLngPair | null;
  onChange: (value: LatLngPair) => void;
  /** Where the map opens when there is no value (the base's centre). */
  center: LatLngPair | null;
}

// A CSS pin: Leaflet's default marker images do not survive bundling.
const pin = L.divIcon({ className: 'tl-device-pin', iconSize: [18, 18], iconAnchor: [9, 9] });

/** A small map: click to place the device, drag the pin to move it. Values are stored in WGS84. */
export default function LocationPicker({ value, onChange, center }: LocationPickerProps) {
  const { tenantId } = useShell();
  const { config } = useMapConfig(tenantId);
  const map = useFarmMap(config, { noSwitcher: true, center: value ?? center, zoom: 16 });
  const change = useRef(onChange);
  change.current = onChange;
  const { handle, crs } = map;

  useEffect(() => {
    if (!handle) return;
    const onClick = (e: L.LeafletMouseEvent) =>
      change.current(fromDisplay([e.latlng.lat, e.latlng.lng], crs));
    handle.map.on('click', onClick);
    return () => {
      handle.map.off('click', onClick);
    };
  }, [handle, crs]);

  const lat = value?.[0];
  const lng = value?.[1];
  useEffect(() => {
    if (!handle || lat === undefined || lng === undefined) return;
    // Redrawn when the point or the tiles' datum changes; cheap, and the drag handler stays in step.
    const m = L.marker(toDisplay([lat, lng], crs), { draggable: true, icon: pin, autoPan: true }).addTo(
      handle.map,
    );
    m.on('dragend', () => {
      const p = m.getLatLng();
      change.current(fromDisplay([p.lat, p.lng], crs));
    });
    return () => {
      m.remove();
    };
  }, [handle, crs, lat, lng]);

  return <div ref={map.ref} className="tl-device-location" data-testid="device-location-map" />;
}
