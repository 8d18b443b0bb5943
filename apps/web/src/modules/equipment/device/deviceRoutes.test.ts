import { DEVICE_TYPES, deviceTypeByKey, deviceTypeByRoute } from '@tilth/contracts/device-types';
import { routeViewCode } from '@tilth/contracts/menus.def';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_ROUTES } from '../routes';
import { DEVICE_TYPE_ROUTES } from './deviceRoutes';

describe('device type routes', () => {
  it('cover every registry type but the camera, each at its registry route', () => {
    const listed = new Set(DEVICE_TYPE_ROUTES.map(([, key]) => key));
    const expected = DEVICE_TYPES.filter((t) => t.family !== 'camera').map((t) => t.key);
    expect([...listed].sort()).toEqual([...expected].sort());
    for (const [path, key] of DEVICE_TYPE_ROUTES)
      expect([path, deviceTypeByRoute(path)?.key]).toEqual([path, key]);
  });

  it('are guarded by the type view code and reachable in the shell', () => {
    for (const [path, key, code] of DEVICE_TYPE_ROUTES) {
      const view = deviceTypeByKey(key)?.permissions.view;
      expect([path, code ?? routeViewCode(path)]).toEqual([path, view]);
      const route = EQUIPMENT_ROUTES.find((r) => r.path === path);
      expect([path, route?.isAuth, route?.area, route?.title]).toEqual([
        path,
        true,
        'shell',
        `equipment:route.device.${key}`,
      ]);
    }
  });
});
