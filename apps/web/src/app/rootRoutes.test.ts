import { describe, expect, it } from 'vitest';
import { namespacesOfRoot, ROOT_ROUTES, rootRouteOf } from './rootRoutes';
import { ROUTES } from './routes';

describe('the entry’s table of pages outside the shell', () => {
  it('lists exactly the root pages of the whole table, the same objects', () => {
    const whole = ROUTES.filter((r) => r.area === 'root');
    expect(ROOT_ROUTES.map((r) => r.path).sort()).toEqual(whole.map((r) => r.path).sort());
    for (const route of ROOT_ROUTES) expect(whole).toContain(route);
  });

  it('finds the page of a path with parameters, and none for a shell path', () => {
    expect(rootRouteOf('/vr/7/abc')?.path).toBe('/vr/:tenantId/:token');
    expect(rootRouteOf('/login')?.path).toBe('/login');
    expect(rootRouteOf('/web/farm/home')).toBeUndefined();
  });

  it('fetches the sign-in form’s strings with the first screen', () => {
    const login = rootRouteOf('/login');
    expect(login && namespacesOfRoot(login)).toEqual(['auth', 'login']);
  });
});
