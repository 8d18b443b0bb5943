import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { seedDemoPanoramas } from '../../server/src/modules/vr/panorama/index.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { apiGet, localItem, settleLatestAnnouncement, signIn, toast } from './helpers.js';

// Issue 17 items 3 and 5: a tour of two demo panoramas opened in the editor; the viewer streams the tiles
// with the session's token, a hotspot is placed, the view limits snap back, saves persist, switching and
// deleting scenes ask their questions.

const T = DEMO_TENANT_ID;
let e: E2E;
let page: Page;
let vrId = 0;

interface SceneRow {
  scenesId: number;
  scenesName: string;
  visualJson: string;
  hotSpotJson: string;
}

const authed = async () => ({ Authorization: `Bearer ${await localItem(page, 'access_token')}` });

/** How much the picture in `selector` varies (0: one flat colour, e.g. an empty black canvas). */
const pictureSpread = async (selector: string): Promise<number> => {
  const png = await page.locator(selector).screenshot();
  const { channels } = await sharp(png).stats();
  return Math.max(...channels.slice(0, 3).map((c) => c.stdev));
};

describe('VR editor', () => {
  beforeAll(async () => {
    e = await startE2E();
    page = await newPage(e);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it('opens a tour of two panoramas and streams the tiles with the session', async () => {
    const panoramaIds = await seedDemoPanoramas(e.server.platform, T);
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    const headers = await authed();
    const bases = await apiGet<{ content: { areaId: number }[] }>(
      e,
      page,
      `/wfpf/v2/${T}/area?page=0&size=0&organizationType=area`,
    );
    const cover = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const file = await page.request.post(`${e.baseUrl}/hfle/v1/${T}/files/multipart`, {
      headers,
      multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
    });
    expect(file.status()).toBeLessThan(300);
    const created = await page.request.post(`${e.baseUrl}/wfpf/v1/${T}/panorama-vr`, {
      headers,
      data: {
        vrName: '稻田与鱼塘',
        vrCover: ((await file.json()) as { fileUrl: string }).fileUrl,
        description: '',
        areaId: [bases.content[0]?.areaId],
        panoramaIds,
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    vrId = ((await created.json()) as { vrId: number }).vrId;

    const tiles: number[] = [];
    page.on('response', (r) => {
      if (/\/\d+\/\d+_\d+\.jpg(\?|$)/.test(r.url())) tiles.push(r.status());
    });
    await page.goto(`${e.baseUrl}/edit-vr/${vrId}`);
    await page.getByRole('heading', { name: '稻田与鱼塘' }).waitFor();
    await page.locator('.tl-vr-editor__stage canvas').waitFor();
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((s) => s === 200)).toBe(true);
    await expect.poll(() => pictureSpread('.tl-vr-editor__stage')).toBeGreaterThan(8);
    await expect(page.locator('.tl-vr-strip__scene')).toHaveCount(2);
    await expect(page.locator('.tl-vr-strip__scene--current')).toHaveCount(1);
    await screenshot(page, 'vr-editor-opened');
  });

  it('places a text hotspot, refuses to save while it is open, and saves it', async () => {
    await page.getByRole('tab', { name: '热点设置' }).click();
    await page.getByRole('button', { name: /添加热点/ }).click();
    await page.locator('.tl-vr-marker').first().waitFor();
    await page.getByRole('button', { name: '保 存' }).click();
    await toast(page, '请先完成热点编辑').waitFor();

    await page.getByRole('button', { name: '确 定' }).click();
    await toast(page, '请选择热点类型').waitFor();
    await page.getByLabel('热点类型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '文本' }).click();
    await page.getByLabel('标题').fill('  水泵房  ');
    await page.getByRole('button', { name: '确 定' }).click();
    await toast(page, '请输入文本内容').waitFor();
    await page.getByLabel('文本内容').fill('灌溉用水泵，每日 6 点启动。');
    await page.getByRole('button', { name: '确 定' }).click();
    await toast(page, '添加成功，请及时保存').waitFor();
    await page.locator('.tl-vr-hotspots__item').filter({ hasText: '水泵房' }).waitFor();
    await screenshot(page, 'vr-editor-hotspot');

    await page.getByRole('button', { name: '保 存' }).click();
    await toast(page, '保存成功').waitFor();
    const scenes = await apiGet<SceneRow[]>(e, page, `/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`);
    const stored = JSON.parse(scenes[0]?.hotSpotJson ?? '[]') as { text: string; HType: number; content: object }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ text: '水泵房', HType: 4, content: { text: '灌溉用水泵，每日 6 点启动。' } });
  });

  it('snaps back view values out of range and saves the limits', async () => {
    await page.getByRole('tab', { name: '视角设置' }).click();
    const max = page.getByLabel('最大视场角');
    await max.fill('200');
    await max.blur();
    await expect.poll(() => max.inputValue()).toBe('120');
    await max.fill('100.8');
    await max.blur();
    await expect.poll(() => max.inputValue()).toBe('100');
    const top = page.getByLabel('上', { exact: true });
    const bottom = page.getByLabel('下', { exact: true });
    await bottom.fill('40');
    await bottom.blur();
    await top.fill('40');
    await top.blur();
    await expect.poll(() => top.inputValue()).toBe('-90');
    await top.fill('-30');
    await top.blur();
    await expect.poll(() => top.inputValue()).toBe('-30');
    await page.getByRole('button', { name: '设为初始视角' }).click();
    await page.getByRole('button', { name: '保 存' }).click();
    await toast(page, '保存成功').last().waitFor();
    const scenes = await apiGet<SceneRow[]>(e, page, `/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`);
    const v = JSON.parse(scenes[0]?.visualJson ?? '{}') as Record<string, number>;
    expect([v.fovmax, v.vlookatmin, v.vlookatmax]).toEqual([100, -30, 40]);
    expect(v.fov).toBeLessThanOrEqual(100);
  });

  it("switches scene without saving, and keeps the last scene when deleting", async () => {
    await page.locator('.tl-vr-strip__choose').nth(1).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '切换场景前是否保存当前编辑？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '不保存' }).click();
    await expect.poll(() => page.locator('.tl-vr-strip__scene').nth(1).getAttribute('class')).toContain('current');

    await page.locator('.tl-vr-strip__delete').nth(0).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).click();
    await toast(page, '删除成功！').waitFor();
    await expect(page.locator('.tl-vr-strip__scene')).toHaveCount(1);
    await page.locator('.tl-vr-strip__delete').first().click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).click();
    await toast(page, '至少需要保留一个场景').waitFor();
    await expect(page.locator('.tl-vr-strip__scene')).toHaveCount(1);

    await page.getByRole('button', { name: '退 出' }).click();
    await page.locator('.ant-modal-confirm').filter({ hasText: '您是否已保存修改？' }).waitFor();
    await screenshot(page, 'vr-editor-quit');
  });
});
