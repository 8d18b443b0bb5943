import { deviceTypeByKey } from '@tilth/contracts/device-types';
import i18next from 'i18next';
import L from 'leaflet';
import { toDisplay } from '../../../../shared/map/coords';
import type { MapDeviceLayerContext } from '../../../../shared/map/devices';
import { peekDeviceStream } from '../../live/deviceStream';
import { type Device, deviceApi } from '../api/device.api';
import { langOf } from '../deviceFormat';

const ONLINE = '#52c41a';
const OFFLINE = '#8c8c8c';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Spec 01 §2.11 item 4 as a popup: type, name, serial, land, IoT card, online status. */
export const devicePopupHtml = (d: Device, t: (key: string) => string, language: string): string => {
  const type = deviceTypeByKey(d.deviceType);
  const row = (label: string, value: string) =>
    `<tr><th style="text-align:left;padding-right:8px;font-weight:normal;color:#888">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  return `<div class="tl-device-popup" data-testid="device-popup"><strong>${escapeHtml(d.name)}</strong><table>${[
    row(t('device:field.type'), type ? type.name[langOf(language)] : d.deviceType),
    row(t('device:field.eui'), d.eui),
    row(t('device:field.land'), d.landName ?? '—'),
    row(t('device:field.iccid'), d.iccid ?? '—'),
    row(t('device:field.online'), t(`device:online.${d.online === 1 ? 1 : 0}`)),
  ].join('')}</table></div>`;
};

/** Every located device of the tenant (and base) as a dot: green online, grey offline. */
export const createDeviceMapLayer = async (ctx: MapDeviceLayerContext): Promise<L.Layer | null> => {
  await i18next.loadNamespaces('device');
  const page = await deviceApi.page(ctx.tenantId, { page: 0, size: 0, areaId: ctx.areaId });
  const located = page.content.filter(
    (d): d is Device & { lat: number; lng: number } => typeof d.lat === 'number' && typeof d.lng === 'number',
  );
  if (located.length === 0) return null;
  const t = (key: string) => i18next.t(key);
  const group = L.layerGroup();
  const markers = new Map<number, { marker: L.CircleMarker; device: Device }>();
  for (const d of located) {
    const marker = L.circleMarker(toDisplay([d.lat, d.lng], ctx.crs), {
      renderer: ctx.renderer,
      radius: 7,
      weight: 2,
      color: '#fff',
      fillColor: d.online === 1 ? ONLINE : OFFLINE,
      fillOpacity: 0.95,
    });
    marker.bindTooltip(d.name, { direction: 'top', offset: [0, -6] });
    marker.bindPopup(() => devicePopupHtml(markers.get(d.id)?.device ?? d, t, i18next.language));
    marker.addTo(group);
    markers.set(d.id, { marker, device: d });
  }
  // Online colours follow the live stream while a device screen keeps it open.
  const stream = peekDeviceStream(ctx.tenantId);
  const off = stream?.subscribe('all', (e) => {
    if (e.type !== 'status' && e.type !== 'telemetry') return;
    const entry = markers.get(e.deviceId);
    if (!entry) return;
    const online = e.type === 'telemetry' || e.online ? 1 : 0;
    entry.device = { ...entry.device, online };
    entry.marker.setStyle({ fillColor: online === 1 ? ONLINE : OFFLINE });
  });
  group.on('remove', () => off?.());
  return group;
};
