import { describe, expect, it } from 'vitest';
import { moduleOf } from './modules';
import { findRoute, matchPattern, toRouterPattern } from './routeMatch';

describe('route matching', () => {
  it('matches literal paths, ignoring trailing slashes and the query', () => {
    expect(matchPattern('/web/farm/home', '/web/farm/home')).toEqual({});
    expect(matchPattern('/web/farm/home', '/web/farm/home/')).toEqual({});
    expect(matchPattern('/web/user', '/web/user?type=password')).toEqual({});
    expect(matchPattern('/web/farm/home', '/web/farm')).toBeNull();
    expect(matchPattern('/web/farm', '/web/farm/home')).toBeNull();
  });

  it('lets :id and {id} match any one segment', () => {
    expect(matchPattern('/web/farm/plan/info/:id', '/web/farm/plan/info/42')).toEqual({ id: '42' });
    expect(matchPattern('/edit-vr/{id}', '/edit-vr/a%20b')).toEqual({ id: 'a b' });
    expect(matchPattern('/web/farm/plan/info/:id', '/web/farm/plan/info')).toBeNull();
    expect(matchPattern('/web/farm/plan/info/:id', '/web/farm/plan/info/1/2')).toBeNull();
  });

  it('prefers a literal route over a parameter', () => {
    const routes = [{ path: '/inventory/base/product/:id' }, { path: '/inventory/base/product/add' }];
    expect(findRoute(routes, '/inventory/base/product/add')?.route.path).toBe('/inventory/base/product/add');
    expect(findRoute(routes, '/inventory/base/product/9')?.params).toEqual({ id: '9' });
    expect(findRoute(routes, '/inventory/base/unit')).toBeNull();
  });

  it('spells {id} as :id for React Router', () => {
    expect(toRouterPattern('/preview-vr/{id}')).toBe('/preview-vr/:id');
  });

  it('knows the module areas', () => {
    expect(moduleOf('/web/farm/home')?.code).toBe('wfpf-farm');
    expect(moduleOf('/inventory/base/unit')?.code).toBe('wfpf-inventory');
    expect(moduleOf('/system')?.code).toBe('wfpf-company');
    expect(moduleOf('/website')).toBeUndefined();
    expect(moduleOf('/login')).toBeUndefined();
  });
});
