import type { MapCrs } from '@tilth/contracts/map.types';
import type L from 'leaflet';

// HOOK POINT for the device module (IoT devices on the farm map). The device module, when it arrives,
// calls registerMapDeviceLayer() with a factory that draws its devices (gateways, cameras, sensors) for
// a tenant and base; the map page adds whatever is registered as an overlay named by `title`. Until then
// nothing is registered and the map shows no device layer: there are no fake devices.

export interface MapDeviceLayerContext {
  tenantId: number;
  /** The base filter of the map page, if any. */
  areaId: number | undefined;
  crs: MapCrs;
  renderer: L.Canvas;
}

export interface MapDeviceLayerFactory {
  /** i18n key of the overlay's name in the layer list. */
  title: string;
  create: (ctx: MapDeviceLayerContext) => Promise<L.Layer | null>;
}

const factories: MapDeviceLayerFactory[] = [];

export const registerMapDeviceLayer = (factory: MapDeviceLayerFactory): void => {
  if (!factories.includes(factory)) factories.push(factory);
};

export const mapDeviceLayers = (): readonly MapDeviceLayerFactory[] => factories;
