import { registerMapDeviceLayer } from '../../../../shared/map/devices';

// Puts the tenant's devices on the farm map (shared/map/devices.ts hook point). Registered from the route
// table so it is in place before the map page draws; the layer code itself loads only when the map asks.
registerMapDeviceLayer({
  title: 'device:map.layer',
  create: async (ctx) => (await import('./deviceMapLayer')).createDeviceMapLayer(ctx),
});
