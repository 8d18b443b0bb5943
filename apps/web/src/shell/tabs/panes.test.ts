import { describe, expect, it } from 'vitest';
import { canClose, canCloseOthers, createStrip, MAX_PANES, type PaneStrip, paneReducer } from './panes';

const HOME = '/web/farm/home';
const open = (strip: PaneStrip, ...paths: string[]) =>
  paths.reduce((s, path) => paneReducer(s, { type: 'open', path }), strip);
const keys = (strip: PaneStrip) => strip.panes.map((p) => p.key);

describe('tab panes', () => {
  it('starts with the fixed home tab', () => {
    const strip = createStrip(HOME);
    expect(keys(strip)).toEqual([HOME]);
    expect(strip.activeKey).toBe(HOME);
    expect(canClose(strip, HOME)).toBe(false);
  });

  it('opens a page once and shows it again with its latest query', () => {
    let strip = open(createStrip(HOME), '/web/user', '/web/farm/base');
    strip = paneReducer(strip, { type: 'open', path: '/web/user?type=password' });
    expect(keys(strip)).toEqual([HOME, '/web/user', '/web/farm/base']);
    expect(strip.activeKey).toBe('/web/user');
    expect(strip.panes[1]?.path).toBe('/web/user?type=password');
  });

  it('keeps at most 20 tabs, dropping the oldest after the home tab', () => {
    const pages = Array.from({ length: MAX_PANES + 3 }, (_, i) => `/web/page/${i}`);
    const strip = open(createStrip(HOME), ...pages);
    expect(strip.panes).toHaveLength(MAX_PANES);
    expect(strip.panes[0]?.key).toBe(HOME);
    // pages 0..3 went (20 = home + 19 newest)
    expect(keys(strip)).not.toContain('/web/page/0');
    expect(keys(strip)).not.toContain('/web/page/3');
    expect(keys(strip)).toContain('/web/page/4');
    expect(strip.activeKey).toBe(`/web/page/${MAX_PANES + 2}`);
  });

  it('never closes the home tab, nor anything with fewer than 2 tabs', () => {
    const single = createStrip(HOME);
    expect(paneReducer(single, { type: 'close', key: HOME })).toBe(single);
    expect(canCloseOthers(single)).toBe(false);
    const two = open(single, '/web/user');
    expect(paneReducer(two, { type: 'close', key: HOME })).toBe(two);
    expect(canClose(two, '/web/user')).toBe(true);
  });

  it('closing the shown tab shows its right neighbour, or the left one at the end', () => {
    const strip = open(createStrip(HOME), '/a', '/b', '/c');
    const middle = paneReducer({ ...strip, activeKey: '/b' }, { type: 'close', key: '/b' });
    expect(keys(middle)).toEqual([HOME, '/a', '/c']);
    expect(middle.activeKey).toBe('/c');
    const last = paneReducer(strip, { type: 'close', key: '/c' });
    expect(last.activeKey).toBe('/b');
    const other = paneReducer(strip, { type: 'close', key: '/a' });
    expect(other.activeKey).toBe('/c');
  });

  it('close others keeps the home tab and the chosen one', () => {
    const strip = open(createStrip(HOME), '/a', '/b', '/c');
    const next = paneReducer(strip, { type: 'closeOthers', key: '/b' });
    expect(keys(next)).toEqual([HOME, '/b']);
    expect(next.activeKey).toBe('/b');
    expect(keys(paneReducer(strip, { type: 'closeOthers', key: HOME }))).toEqual([HOME]);
  });

  it('refresh bumps the version so the page mounts afresh', () => {
    const strip = open(createStrip(HOME), '/a');
    const next = paneReducer(strip, { type: 'refresh', key: '/a' });
    expect(next.panes[1]?.version).toBe(1);
    expect(next.activeKey).toBe('/a');
  });
});
