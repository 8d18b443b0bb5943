import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { seedDemoPanoramas } from '../../server/src/modules/vr/panorama/index.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import {
  apiGet,
  clickSettled,
  explained,
  localItem,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
} from './helpers.js';

// Issue 17 items 3 and 5: a tour of two demo panoramas opened in the editor; the viewer streams the tiles
// with the session's token, a hotspot is placed, the view limits snap back, saves persist, switching and
// deleting scenes ask their questions.

const T = DEMO_TENANT_ID;
let e: E2E;
let page: Page;
let vrId = 0;
/** Uncaught errors of the page (a viewer torn down or fed too early would show here). */
const pageErrors: string[] = [];

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
    page.on('pageerror', (err) => pageErrors.push(err.message));
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
    await expect.poll(() => page.locator('.tl-vr-strip__scene').count()).toBe(2);
    await expect.poll(() => page.locator('.tl-vr-strip__scene--current').count()).toBe(1);
    await screenshot(page, 'vr-editor-opened');

    // The start-only scene panel: collapsible, asks the strip's question, gone once a scene is picked.
    const start = page.getByRole('region', { name: '场景' });
    await expect.poll(() => start.locator('.tl-vr-start__scene').count()).toBe(2);
    await page.getByRole('button', { name: '收起场景面板' }).click();
    await expect.poll(() => start.locator('.tl-vr-start__scene').count()).toBe(0);
    await page.getByRole('button', { name: '展开场景面板' }).click();
    await start.locator('.tl-vr-start__scene--current').waitFor();
    await screenshot(page, 'vr-editor-start-panel');
    await start.locator('.tl-vr-start__scene').nth(1).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '切换场景前是否保存当前编辑？' });
    await clickSettled(page, ask.getByRole('button', { name: '不保存' }));
    await start.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('.tl-vr-strip__scene').nth(1).getAttribute('class'))
      .toContain('current');
    // Back to the first scene through the strip, where the later steps expect to be.
    await page.locator('.tl-vr-strip__choose').nth(0).click();
    await clickSettled(page, ask.last().getByRole('button', { name: '不保存' }));
    await expect
      .poll(() => page.locator('.tl-vr-strip__scene').nth(0).getAttribute('class'))
      .toContain('current');
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
    await screenshot(page, 'vr-editor-hotspot-panel');
    await page.getByRole('button', { name: '确 定' }).click();
    await toast(page, '添加成功，请及时保存').waitFor();
    await page.locator('.tl-vr-hotspots__item').filter({ hasText: '水泵房' }).waitFor();
    await screenshot(page, 'vr-editor-hotspot');

    await page.getByRole('button', { name: '保 存' }).click();
    await toast(page, '保存成功').waitFor();
    const scenes = await apiGet<SceneRow[]>(e, page, `/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`);
    const stored = JSON.parse(scenes[0]?.hotSpotJson ?? '[]') as {
      text: string;
      HType: number;
      content: object;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      text: '水泵房',
      HType: 4,
      content: { text: '灌溉用水泵，每日 6 点启动。' },
    });
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
    await screenshot(page, 'vr-editor-view');
    await page.getByRole('button', { name: '保 存' }).click();
    await toast(page, '保存成功').last().waitFor();
    const scenes = await apiGet<SceneRow[]>(e, page, `/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`);
    const v = JSON.parse(scenes[0]?.visualJson ?? '{}') as Record<string, number>;
    expect([v.fovmax, v.vlookatmin, v.vlookatmax]).toEqual([100, -30, 40]);
    expect(v.fov).toBeLessThanOrEqual(100);
  });

  it('asks for the basics, saves them, and answers a stale version with the stored values', async () => {
    await page.getByRole('tab', { name: '基础设置' }).click();
    const name = page.getByLabel('VR 名称');
    const ok = page.locator('.tl-vr-basics').getByRole('button', { name: '确 定' });
    await name.fill('   ');
    await ok.click();
    await toast(page, 'VR 名称不能为空').waitFor();
    await name.fill('稻田鱼塘');
    await page.getByLabel('描述').fill('  东区的稻田和鱼塘  ');
    await ok.click();
    await page.getByRole('heading', { name: '稻田鱼塘' }).waitFor();
    const saved = await apiGet<{
      vrName: string;
      vrCover: string;
      description: string;
      area: { areaId: number }[];
      objectVersionNumber: number;
    }>(e, page, `/wfpf/v1/${T}/panorama-vr/${vrId}`);
    expect([saved.vrName, saved.description]).toEqual(['稻田鱼塘', '东区的稻田和鱼塘']);

    // Someone else renames the tour: this form's version is stale, its confirm changes nothing.
    const other = await page.request.put(`${e.baseUrl}/wfpf/v1/${T}/panorama-vr`, {
      headers: await authed(),
      data: {
        vrId,
        vrName: '别人改的名字',
        vrCover: saved.vrCover,
        description: saved.description,
        areaId: saved.area.map((a) => a.areaId),
        objectVersionNumber: saved.objectVersionNumber,
        enabledFlag: 1,
      },
    });
    expect(other.status()).toBe(200);
    await name.fill('我的名字');
    await ok.click();
    await expect.poll(() => name.inputValue()).toBe('别人改的名字');
    const after = await apiGet<{ vrName: string }>(e, page, `/wfpf/v1/${T}/panorama-vr/${vrId}`);
    expect(after.vrName).toBe('别人改的名字');
  });

  it('adds link, scene and device hotspots, drags one, and saves when switching scenes', async () => {
    await page.getByRole('tab', { name: '热点设置' }).click();
    const confirm = page.locator('.tl-vr-panel').getByRole('button', { name: '确 定' });
    const chooseType = async (label: string) => {
      await page.getByLabel('热点类型').click();
      await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
    };

    // 5: the link is checked on blur.
    await page.getByRole('button', { name: /添加热点/ }).click();
    await chooseType('超链接');
    await page.getByRole('textbox', { name: '超链接' }).fill('www.example.com');
    await page.getByRole('textbox', { name: '超链接' }).blur();
    await page.getByText('请输入以 http 或 https 开头的正确完整链接').waitFor();
    await page.getByRole('textbox', { name: '超链接' }).fill('https://example.com/farm');
    await confirm.click();
    await toast(page, '添加成功，请及时保存').last().waitFor();

    // 1: the target scene and the direction a visitor faces on arrival, set by looking in it.
    await page.getByRole('button', { name: /添加热点/ }).click();
    await chooseType('切换场景');
    await page.getByLabel('切换到场景').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '鱼塘全景' }).click();
    await page.getByRole('button', { name: '在场景中设定' }).click();
    const look = page.locator('.ant-modal').filter({ hasText: '使用此方向' });
    await look.locator('canvas').waitFor();
    await settledScreenshot(page, 'vr-editor-arrive');
    await look.getByRole('button', { name: '使用此方向' }).click();
    await page.getByText(/^水平 -?\d+°，垂直 -?\d+°$/).waitFor();
    await confirm.click();
    await toast(page, '添加成功，请及时保存').last().waitFor();

    // 2: a camera chosen in the device picker.
    await page.getByRole('button', { name: /添加热点/ }).click();
    await chooseType('设备');
    await page.getByRole('button', { name: '选择设备' }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '序列号 / EUI' });
    await picker.locator('.ant-table-row').first().waitFor();
    await settledScreenshot(page, 'vr-editor-devices');
    await picker.locator('.ant-table-row').first().locator('.ant-radio-input').check();
    await picker.getByRole('button', { name: '确 定' }).click();
    await picker.waitFor({ state: 'hidden' });
    await confirm.click();
    await toast(page, '添加成功，请及时保存').last().waitFor();
    await expect.poll(() => page.locator('.tl-vr-hotspots__item').count()).toBe(4);

    // Every new hotspot stands at the view centre: the top one is dragged to the right.
    const box = await page.locator('.tl-vr-marker').last().boundingBox();
    if (!box) throw new Error('no marker box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await page.mouse.move(box.x + box.width / 2 + i * 15, box.y + box.height / 2);
    }
    await page.mouse.up();
    await screenshot(page, 'vr-editor-dragged');

    // Switching scenes: Save persists the current one first (the drag left the panel on its list).
    await page.getByRole('button', { name: /添加热点/ }).waitFor();
    await page.locator('.tl-vr-strip__choose').nth(1).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '切换场景前是否保存当前编辑？' });
    await clickSettled(page, ask.getByRole('button', { name: '保 存' }));
    await explained(page, 'vr-switch-save', ask.waitFor({ state: 'hidden' }));
    // The save, the reload and then the toast: a loaded machine gets longer than the default.
    await explained(page, 'vr-switch-saved', toast(page, '保存成功').last().waitFor({ timeout: 30_000 }));
    await expect
      .poll(() => page.locator('.tl-vr-strip__scene').nth(1).getAttribute('class'))
      .toContain('current');
    const scenes = await apiGet<SceneRow[]>(e, page, `/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`);
    const stored = JSON.parse(scenes[0]?.hotSpotJson ?? '[]') as {
      HType: number;
      ath: number;
      linkedscene?: string;
      content: Record<string, unknown>;
    }[];
    expect(stored.map((h) => h.HType)).toEqual([4, 5, 1, 2]);
    const aths = stored.map((h) => h.ath);
    expect(Math.max(...aths) - Math.min(...aths)).toBeGreaterThan(5);
    expect(stored[2]).toMatchObject({ linkedscene: `scene_${scenes[1]?.scenesId}` });
    expect(typeof stored[2]?.content.arriveHlookat).toBe('number');
    expect(stored[3]?.content.device).toMatchObject({ deviceType: 'camera' });
  });

  it('uploads a panorama from the add-scene modal and adds it once tiled', async () => {
    await page.getByRole('button', { name: /添加场景/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '本地上传' });
    await modal.locator('.ant-table-row').first().waitFor();
    // A 2:1 JPEG of noise, over the 7 MB floor.
    const big = await sharp({
      create: {
        width: 4096,
        height: 2048,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 70 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(7 * 1024 * 1024);
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: '新鱼塘.jpg', mimeType: 'image/jpeg', buffer: big });
    await modal.getByRole('status').waitFor();
    await screenshot(page, 'vr-editor-uploading');
    const row = modal.locator('.ant-table-row').filter({ hasText: '新鱼塘' });
    await row.waitFor({ timeout: 90_000 });
    await expect.poll(() => row.locator('.ant-checkbox-input').isChecked(), { timeout: 30_000 }).toBe(true);
    await modal.getByRole('button', { name: '确 定' }).click();
    await toast(page, '添加成功！').waitFor();
    await expect.poll(() => page.locator('.tl-vr-strip__scene').count()).toBe(3);
  });

  it('switches scene without saving, and keeps the last scene when deleting', async () => {
    await page.locator('.tl-vr-strip__choose').nth(0).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '切换场景前是否保存当前编辑？' });
    await ask.waitFor();
    await clickSettled(page, ask.getByRole('button', { name: '不保存' }));
    await expect
      .poll(() => page.locator('.tl-vr-strip__scene').nth(0).getAttribute('class'))
      .toContain('current');

    const count = await page.locator('.tl-vr-strip__scene').count();
    for (let left = count; left > 1; left -= 1) {
      await page.locator('.tl-vr-strip__delete').last().click();
      await clickSettled(page, page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }));
      // Each delete is a confirm, a request and the strip's reload: slow on a loaded CI machine.
      await expect
        .poll(() => page.locator('.tl-vr-strip__scene').count(), { timeout: 20_000 })
        .toBe(left - 1);
    }
    await toast(page, '删除成功！').first().waitFor();
    await page.locator('.tl-vr-strip__delete').first().click();
    await clickSettled(page, page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }));
    await toast(page, '至少需要保留一个场景').waitFor();
    await expect.poll(() => page.locator('.tl-vr-strip__scene').count()).toBe(1);

    await page.getByRole('button', { name: '退 出' }).click();
    await page.locator('.ant-modal-confirm').filter({ hasText: '您是否已保存修改？' }).waitFor();
    await screenshot(page, 'vr-editor-quit');
    expect(pageErrors).toEqual([]);
  });
});
