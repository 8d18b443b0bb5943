import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModuleArea } from '../../app/modules';
import { closePageAndGo } from './closePage';
import { dispatchPane, resetPanes, stripOf } from './paneStore';

const inventory: ModuleArea = { code: 'wfpf-inventory', prefix: '/inventory', home: '/inventory/home' };
const keys = () => stripOf(inventory).panes.map((p) => p.key);

describe('closing a saved form page', () => {
  afterEach(() => resetPanes());

  it("closes the form's tab and shows the page it goes to, replacing the form in history", () => {
    for (const path of ['/inventory/prment/shipment', '/inventory/prment/shipment/add'])
      dispatchPane(inventory, { type: 'open', path });
    const navigate = vi.fn();
    closePageAndGo(
      inventory,
      '/inventory/prment/shipment/add',
      '/inventory/prment/shipment/info/5',
      navigate,
    );
    expect(keys()).toEqual(['/inventory/home', '/inventory/prment/shipment']);
    expect(navigate).toHaveBeenCalledWith('/inventory/prment/shipment/info/5', { replace: true });
    // The shell opens the destination's tab when the location changes.
    dispatchPane(inventory, { type: 'open', path: '/inventory/prment/shipment/info/5' });
    expect(keys()).toEqual([
      '/inventory/home',
      '/inventory/prment/shipment',
      '/inventory/prment/shipment/info/5',
    ]);
  });

  it('keeps the tab when the page goes to itself, and the home tab always', () => {
    dispatchPane(inventory, { type: 'open', path: '/inventory/base/product/edit/3' });
    closePageAndGo(
      inventory,
      '/inventory/base/product/edit/3',
      '/inventory/base/product/edit/3?x=1',
      vi.fn(),
    );
    expect(keys()).toContain('/inventory/base/product/edit/3');
    closePageAndGo(inventory, '/inventory/home', '/inventory/base/product', vi.fn());
    expect(keys()[0]).toBe('/inventory/home');
  });
});
