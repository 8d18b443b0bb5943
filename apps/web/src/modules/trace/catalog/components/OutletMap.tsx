import 'leaflet/dist/leaflet.css';
import './outletMap.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { fromDisplay, type LatLngPair, toDisplay } from '../../../../shared/map/coords';
import { useMapConfig } from '../../../../shared/map/mapConfig';
import { useFarmMap } from '../../../../shared/map/useFarmMap';
import { useShell } from '../../../../shell/ShellContext';
import { parseLatLng } from '../catalogModel';

// A CSS pin: Leaflet's default marker images do not survive bundling.
const pin = L.divIcon({ className: 'tl-outlet-pin', iconSize: [18, 18], iconAnchor: [9, 9] });

const asText = (p: LatLngPair): string => `${p[0].toFixed(6)},${p[1].toFixed(6)}`;

export interface OutletMapProps {
  /** The location field's 'lat,lng' text (WGS84). */
  value: string | null | undefined;
  onChange: (text: string) => void;
}

/** A small map for a shop's location: click to place the pin, drag it to move; written back as 'lat,lng'. */
export default function OutletMap({ value, onChange }: OutletMapProps) {
  const { tenantId } = useShell();
  const { config } = useMapConfig(tenantId);
  const point = parseLatLng(value);
  const map = useFarmMap(config, { noSwitcher: true, center: point, zoom: point ? 15 : 11 });
  const change = useRef(onChange);
  change.current = onChange;
  const { handle, crs } = map;

  useEffect(() => {
    if (!handle) return;
    const onClick = (e: L.LeafletMouseEvent) =>
      change.current(asText(fromDisplay([e.latlng.lat, e.latlng.lng], crs)));
    handle.map.on('click', onClick);
    return () => {
      handle.map.off('click', onClick);
    };
  }, [handle, crs]);

  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (!handle || lat === undefined || lng === undefined) return;
    const m = L.marker(toDisplay([lat, lng], crs), { draggable: true, icon: pin, autoPan: true }).addTo(
      handle.map,
    );
    m.on('dragend', () => {
      const p = m.getLatLng();
      change.current(asText(fromDisplay([p.lat, p.lng], crs)));
    });
    return () => {
      m.remove();
    };
  }, [handle, crs, lat, lng]);

  return <div ref={map.ref} className="tl-outlet-map" data-testid="outlet-location-map" />;
}
