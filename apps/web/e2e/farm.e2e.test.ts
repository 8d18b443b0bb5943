import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_TIME_ZONE as FARM_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import {
  animationsDone,
  approveFromBell,
  localItem,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  waitForPath,
  withPage,
} from './helpers.js';

// The farm module as a farm manager uses it (the story): a base → a plot drawn on the map → a
// batch on it → stock of an input at the base → a plan package applied to the batch → the generated task
// in the leader's "my tasks" → start → finish with a note, a photo and the input used → the stock went
// down and the movement is recorded → the plot's history shows the batch. Then the public seed page,
// signed out. demo is linked to the worker 演示管理员 (worker.demo.ts), so tasks that worker leads are
// demo's own. The API is used only to look ids up and to check server-side facts after the UI acted.

let e: E2E;
let photoDir: string;
beforeAll(async () => {
  e = await startE2E();
  photoDir = await mkdtemp(path.join(tmpdir(), 'tilth-e2e-photo-'));
});
afterAll(async () => {
  await e?.close();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escapeRe(text)}$`);
/**
 * A button's name: antd puts a space between the two characters of a two-character Chinese label, and an
 * icon in the button lends its own label ('plus') to the front of the name.
 */
const buttonName = (text: string) =>
  new RegExp(`(^|\\s)${[...text].length === 2 ? [...text].map(escapeRe).join('\\s?') : escapeRe(text)}$`);
const button = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('button', { name: buttonName(text) });

/** The form item with exactly this label, inside `scope`. */
const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({
    has: scope
      .page()
      .locator('.ant-form-item-label label')
      .filter({ hasText: exactly(label) }),
  });

/** The open select dropdown (closed ones stay in the page, hidden). */
const openDropdown = (page: Page): Locator =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Opens an antd select, types `search` when given (searchable selects), and picks the option `text`. */
const choose = async (select: Locator, text: string, search?: string): Promise<void> => {
  const page = select.page();
  await select.click();
  if (search) await page.keyboard.type(search);
  const option = openDropdown(page)
    .locator('.ant-select-item-option')
    .filter({ hasText: exactly(text) });
  await option.click();
  await expect.poll(() => select.textContent()).toContain(text);
  await option.waitFor({ state: 'hidden' });
};

/** A dialog (modal or drawer) by its title, once it has finished opening. */
const dialog = async (page: Page, title: string): Promise<Locator> => {
  const d = page.getByRole('dialog', { name: title });
  await d.waitFor();
  await animationsDone(d);
  return d;
};

/** The table row holding this text. */
const row = (scope: Page | Locator, text: string): Locator =>
  scope.locator('.ant-table-row').filter({ hasText: text });

/** The demo session's API, with its access token: for looking ids up and checking server facts. */
const apiOf = async (page: Page) => {
  const token = await localItem(page, 'access_token');
  expect(token).toBeTruthy();
  return async <T>(url: string): Promise<T> => {
    const res = await page.request.get(`${e.baseUrl}${url}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), url).toBe(200);
    return (await res.json()) as T;
  };
};

interface PageOf<T> {
  content: T[];
}

/** Only the console's own server: map tiles and other outside requests are refused (CI has no network). */
const localOnly = async (page: Page): Promise<void> => {
  const origin = new URL(e.baseUrl).origin;
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
};

/**
 * The farm keeps China time: the server's "today" (task dates, overdue) is FARM_TIME_ZONE's. The browser
 * does too, as the farm manager's would, so the console's "today" (date pickers) is the farm's whatever
 * the zone of the machine running the test (else, in a UTC evening, the new task would be overdue).
 */
const farmClock = async (page: Page): Promise<void> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: FARM_TIME_ZONE });
};

const signInDemo = async (page: Page): Promise<void> => {
  await localOnly(page);
  await farmClock(page);
  await signIn(e, page, 'demo', 'demo1234');
  await settleLatestAnnouncement(page);
};

/** Goes to a console page and waits until its filter bar (or `ready`) is there. */
const open = async (page: Page, to: string, ready?: Locator): Promise<void> => {
  await page.goto(`${e.baseUrl}${to}`);
  await waitForPath(page, to);
  await (ready ?? page.locator('.tl-filter')).first().waitFor();
};

const stamp = Date.now().toString(36).slice(-5);
const BASE = `E2E 测试基地 ${stamp}`;
const PLOT = `E2E 地块 ${stamp}`;
const BATCH = `E2E 番茄批次 ${stamp}`;
const PACKAGE = `E2E 追肥方案 ${stamp}`;
const TASK = `E2E 追施尿素 ${stamp}`;
const PLAN = `E2E 计划 ${stamp}`;
const INPUT = '尿素';
/** The input as the receipt lines and the task's input lines name it. */
const RECEIPT_OPTION = '尿素 (40kg/袋)';
const INPUT_OPTION = '尿素（40kg/袋）';
const RECEIVED = 10;
const USED = 2;

let tenantId = 0;

describe('farm story', () => {
  it('base → drawn plot → batch → stock → plan → my task started and finished → stock and history', async () => {
    await withPage(e, 'farm-story', async (page) => {
      await signInDemo(page);
      const get = await apiOf(page);
      tenantId = (await get<{ tenantId: number }>('/iam/stong/v1/users/self')).tenantId;
      const wfpf = `/wfpf/v1/${tenantId}`;
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        FARM_TIME_ZONE,
      );

      // 1. A base, with its centre; then chosen in the header, as the pages below start from it.
      await open(page, '/web/farm/base');
      await button(page.locator('.tl-filter'), '新增基地').click();
      const baseModal = await dialog(page, '新增基地');
      await formItem(baseModal, '基地名称').locator('input').fill(BASE);
      await formItem(baseModal, '用途').getByText('种植', { exact: true }).click();
      await baseModal.getByRole('spinbutton', { name: '纬度' }).fill('22.96');
      await baseModal.getByRole('spinbutton', { name: '经度' }).fill('113.34');
      await button(baseModal, '保存').click();
      await toast(page, '基地创建成功').waitFor();
      await baseModal.waitFor({ state: 'hidden' });
      const baseRow = row(page, BASE);
      await baseRow.getByText('22.96000, 113.34000').waitFor();
      await baseRow.getByText('种植', { exact: true }).waitFor();
      await settledScreenshot(page, 'farm-base-created');

      const header = page.locator('.tl-area-select');
      await choose(header, BASE, BASE);
      const chosen = JSON.parse((await page.evaluate(() => sessionStorage.getItem('area'))) ?? '{}') as {
        areaId: number;
        areaName: string;
      };
      expect(chosen.areaName).toBe(BASE);
      const areaId = chosen.areaId;
      expect(areaId).toBeGreaterThan(0);

      // 2. A plot in that base, its boundary drawn with Geoman on the map: area and centre come back.
      await open(page, '/web/farm/land');
      await button(page.locator('.tl-filter'), '新增地块').click();
      const landDrawer = await dialog(page, '新增地块');
      expect(await formItem(landDrawer, '所属基地').textContent()).toContain(BASE);
      await formItem(landDrawer, '地块名称').locator('input').fill(PLOT);
      const map = landDrawer.getByTestId('land-draw-map');
      await map.locator('.leaflet-pm-toolbar').first().waitFor();
      await landDrawer.getByTitle('画地块边界').click();
      // Drawing mode is on when Geoman marks the map's cursor.
      await expect
        .poll(() =>
          map.evaluate(
            (el) => el.classList.contains('geoman-draw-cursor') || !!el.querySelector('.geoman-draw-cursor'),
          ),
        )
        .toBe(true);
      const box = await map.boundingBox();
      if (!box) throw new Error('the drawing map has no box');
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const corners: [number, number][] = [
        [cx - 70, cy - 60],
        [cx + 70, cy - 60],
        [cx + 70, cy + 60],
        [cx - 70, cy + 60],
      ];
      for (const [x, y] of corners) {
        await page.mouse.move(x, y, { steps: 4 });
        await page.mouse.click(x, y);
      }
      expect(await map.locator('.marker-icon').count()).toBeGreaterThanOrEqual(4);
      // Closing the ring: a click on the first vertex.
      const [fx, fy] = corners[0] ?? [0, 0];
      await page.mouse.move(fx, fy, { steps: 4 });
      await page.mouse.click(fx, fy);
      const measure = landDrawer.locator('.tl-land-form__measure');
      await descriptionCell(measure, '边界').getByText('4 个顶点').waitFor();
      await settledScreenshot(page, 'farm-plot-drawn');
      await button(landDrawer, '保存').click();
      await toast(page, '保存成功').waitFor();
      // Saved: the drawer now edits the plot, with the area the server measured.
      const savedDrawer = page.getByRole('dialog', { name: `编辑地块：${PLOT}` });
      await savedDrawer.waitFor();
      const areaCell = descriptionCell(savedDrawer.locator('.tl-land-form__measure'), '面积');
      await areaCell.getByText(/亩（.+ m²）$/).waitFor();
      const plots = await get<PageOf<{ landId: number; landName: string; areaMu: number; areaM2: number }>>(
        `${wfpf}/land?page=0&size=10&areaId=${areaId}&landName=${encodeURIComponent(PLOT)}`,
      );
      const plot = plots.content.find((l) => l.landName === PLOT);
      if (!plot) throw new Error('the plot was not stored');
      expect(plot.areaM2).toBeGreaterThan(1000);
      const shown = ((await areaCell.textContent()) ?? '').replaceAll(',', '');
      const [, mu, m2] = shown.match(/([\d.]+) 亩（([\d.]+) m²）/) ?? [];
      expect(Number(mu)).toBeCloseTo(plot.areaMu, 2);
      expect(Number(m2)).toBeCloseTo(plot.areaM2, 1);
      await settledScreenshot(page, 'farm-plot-saved');
      await button(savedDrawer, '取消').click();
      await savedDrawer.waitFor({ state: 'hidden' });
      await row(page, PLOT)
        .getByText(/亩（.+ m²）$/)
        .waitFor();

      // 3. A tomato batch on the plot.
      await open(page, '/web/farm/batch');
      await button(page.locator('.tl-filter'), '新增批次').click();
      const batchModal = await dialog(page, '新增批次');
      await formItem(batchModal, '批次名称').locator('input').fill(BATCH);
      expect(await formItem(batchModal, '基地').textContent()).toContain(BASE);
      await choose(formItem(batchModal, '地块').locator('.ant-select'), PLOT, PLOT);
      await choose(formItem(batchModal, '作物').locator('.ant-select'), '番茄', '番茄');
      await choose(formItem(batchModal, '品种').locator('.ant-select'), '粉冠一号', '粉冠一号');
      await button(batchModal, '保存').click();
      await toast(page, '保存成功').waitFor();
      await batchModal.waitFor({ state: 'hidden' });
      await row(page, BATCH).waitFor();
      await settledScreenshot(page, 'farm-batch-created');

      // 4. Stock of the input at the new base: a warehousing receipt of 10.
      const receiptPath = '/web/farm/agricultural/agricultural-warehousing/add';
      await open(page, receiptPath, page.locator('form'));
      const receipt = page.locator('section.tl-card');
      await expect.poll(() => formItem(receipt, '基地').textContent()).toContain(BASE);
      const line = receipt.locator('.ant-table-row').first();
      await choose(line.locator('.ant-select'), RECEIPT_OPTION, INPUT);
      await line.locator('.ant-input-number input').first().fill(String(RECEIVED));
      await button(receipt, '保存').click();
      // The demo binds 农资入库审批 to receipts: a small one waits for one approver, the administrator.
      await toast(page, '已提交审批').waitFor();
      await waitForPath(page, /\/agricultural-warehousing\/info\/\d+$/);
      await row(page, INPUT).first().waitFor();
      await settledScreenshot(page, 'farm-receipt');
      const docId = Number(new URL(page.url()).pathname.split('/').pop());
      const { docCode } = await get<{ docCode: string }>(`${wfpf}/agricultural/warehousing/${docId}`);
      await approveFromBell(page, docCode, '同意入库');
      type Stock = { inputId: number; inputName: string; quantity: number };
      const stockAt = async () =>
        (
          await get<PageOf<Stock>>(
            `${wfpf}/agricultural/stock?page=0&size=10&areaId=${areaId}&inputName=${encodeURIComponent(INPUT)}`,
          )
        ).content.find((s) => s.inputName === INPUT);
      expect((await stockAt())?.quantity).toBe(RECEIVED);

      // 5. A package with one task at day 0 planning that input, and a plan from it on the new batch.
      await open(page, '/web/farm/planPackage');
      await button(page.locator('.tl-filter'), '新增计划套餐').click();
      const pkgModal = await dialog(page, '新增计划套餐');
      await formItem(pkgModal, '套餐名称').locator('input').fill(PACKAGE);
      await choose(formItem(pkgModal, '作物').locator('.ant-select'), '番茄');
      const taskRow = pkgModal.locator('.tl-plan-tasks__row').first();
      await taskRow.getByPlaceholder('任务名称').fill(TASK);
      await choose(taskRow.locator('.ant-select').first(), '施肥', '施肥');
      expect(await taskRow.locator('.ant-input-number input').first().inputValue()).toBe('0');
      await button(taskRow, '添加农资').click();
      const inputSelect = taskRow.locator('.ant-select').nth(1);
      await inputSelect.waitFor();
      await choose(inputSelect, INPUT, INPUT);
      await taskRow.locator('.ant-input-number input').nth(2).fill(String(USED));
      await settledScreenshot(page, 'farm-package');
      await button(pkgModal, '保存').click();
      await toast(page, '保存成功').waitFor();
      await pkgModal.waitFor({ state: 'hidden' });
      await row(page, PACKAGE).getByText('共 1 天').waitFor();

      await open(page, '/web/farm/plan');
      await button(page.locator('.tl-filter'), '新建计划').click();
      const wizard = await dialog(page, '新建计划');
      await formItem(wizard, '计划名称').locator('input').fill(PLAN);
      await choose(formItem(wizard, '计划套餐').locator('.ant-select'), `${PACKAGE}（1 个任务）`, PACKAGE);
      await button(wizard, '下一步').click();
      // Start date: today, as proposed.
      await formItem(wizard, '开始日期').waitFor();
      await button(wizard, '下一步').click();
      await expect.poll(() => formItem(wizard, '基地').textContent()).toContain(BASE);
      const batchRow = row(wizard, BATCH);
      await batchRow.getByText(PLOT).waitFor();
      await batchRow.getByRole('checkbox').check();
      await button(wizard, '下一步').click();
      await choose(formItem(wizard, '负责人').locator('.ant-select'), '演示管理员', '演示管理员');
      await button(wizard, '下一步').click();
      await wizard.getByText('1 个任务 × 1 个批次 = 1 个任务').waitFor();
      await settledScreenshot(page, 'farm-plan-preview');
      await button(wizard, '创建计划').click();
      await toast(page, '计划已创建，生成 1 个任务').waitFor();
      await wizard.waitFor({ state: 'hidden' });
      await row(page, PLAN).waitFor();

      // 6. My tasks: the generated task, led by demo's worker; start it, then finish it.
      await open(page, '/web/farm/task');
      const filter = page.locator('.tl-filter');
      await formItem(filter, '任务名称').locator('input').fill(TASK);
      await button(filter, '查询').click();
      const card = () => page.locator('.tl-task-card').filter({ hasText: TASK });
      const group = (status: string) =>
        page
          .locator('.tl-task-group')
          .filter({ has: page.locator('.tl-task-group__title', { hasText: status }) });
      await group('未开始').locator('.tl-task-card').filter({ hasText: TASK }).waitFor();
      await card().getByText(`${BASE} · ${PLOT}`).waitFor();
      await card().getByText('演示管理员').waitFor();
      await card().getByText('施肥').waitFor();
      await settledScreenshot(page, 'farm-my-task');

      await button(card(), '开始').click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: `确定开始任务“${TASK}”吗？` });
      await confirm.waitFor();
      await animationsDone(confirm);
      await button(confirm, '开始').click();
      await toast(page, '任务已开始').waitFor();
      await group('进行中').locator('.tl-task-card').filter({ hasText: TASK }).waitFor();

      await button(card(), '完成').click();
      const finish = await dialog(page, `完成任务：${TASK}`);
      await finish.getByText(`使用的农资将从“${BASE}”的库存中扣减`).waitFor();
      await formItem(finish, '完成说明').locator('textarea').fill('E2E：追施尿素完成，长势良好。');
      const photo = path.join(photoDir, 'field.png');
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 46, g: 160, b: 90 } } })
        .png()
        .toFile(photo);
      await finish.locator('input[type="file"]').setInputFiles(photo);
      await finish.getByText('已上传 1 / 9 张', { exact: false }).waitFor({ timeout: 30_000 });
      await finish.locator('.tl-task-photo-field__item').first().waitFor();
      // The planned input comes as the first line, with the planned amount; it is what was used.
      const usedLines = finish.locator('.tl-task-lines__row');
      await usedLines.first().getByText(INPUT_OPTION).waitFor();
      expect(await usedLines.count()).toBe(1);
      expect(Number(await finish.getByPlaceholder('数量').inputValue())).toBe(USED);
      await settledScreenshot(page, 'farm-task-finish');
      await button(finish, '完成').click();
      await toast(page, '任务已完成').waitFor();
      await finish.waitFor({ state: 'hidden' });
      await group('已完成').locator('.tl-task-card').filter({ hasText: TASK }).waitFor();

      // The detail keeps the note, the photo and the input used.
      await card().click();
      const detail = await dialog(page, TASK);
      await detail.getByText('E2E：追施尿素完成，长势良好。').waitFor();
      const photoShown = detail.locator('.tl-task-gallery img');
      await expect.poll(() => photoShown.count()).toBe(1);
      await expect
        .poll(() => photoShown.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const used = detail.locator('h4:has-text("使用农资") + *');
      await row(used, INPUT).getByText(`${USED} 袋`).waitFor();
      await detail.getByText('提交完成', { exact: true }).waitFor();
      await settledScreenshot(page, 'farm-task-detail');
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      // 7. The stock at the base went down by what the task used, and the movement is recorded.
      expect((await stockAt())?.quantity).toBe(RECEIVED - USED);
      await open(page, '/web/farm/agricultural/agricultural-inventory');
      const stockRow = row(page, INPUT).filter({ hasText: BASE });
      await stockRow.getByText(`${RECEIVED - USED} 袋`).waitFor();
      await stockRow.getByText('偏低', { exact: true }).waitFor();
      await button(stockRow, '库存记录').click();
      await waitForPath(page, /\/agricultural-inventory\/record\/\d+-\d+$/);
      await page.getByText(`${INPUT} · ${BASE}`).waitFor();
      const taskMove = row(page, '任务领用');
      await taskMove.getByText(`-${USED} 袋`).waitFor();
      await taskMove.getByText(`${RECEIVED - USED} 袋`).waitFor();
      await taskMove.getByText(TASK).waitFor();
      await row(page, '入库').getByText(`+${RECEIVED} 袋`).waitFor();
      await settledScreenshot(page, 'farm-stock-record');
      const input = await stockAt();
      const moves = await get<PageOf<{ sourceType: string; quantity: number; balanceAfter: number }>>(
        `${wfpf}/agricultural/stock/record?page=0&size=10&areaId=${areaId}&inputId=${input?.inputId}`,
      );
      expect(moves.content.map((m) => [m.sourceType, m.quantity, m.balanceAfter])).toEqual([
        ['task', -USED, RECEIVED - USED],
        ['warehousing', RECEIVED, RECEIVED],
      ]);

      // 8. The plot's detail: the batch grows on it and is in its history.
      await open(page, '/web/farm/land');
      await button(row(page, PLOT), '详情').click();
      const plotDetail = await dialog(page, PLOT);
      await plotDetail.locator('.tl-land-detail__batch').getByText(BATCH, { exact: false }).waitFor();
      const history = row(plotDetail, BATCH);
      await history.getByText('番茄 / 粉冠一号').waitFor();
      await history.getByText('种植中').waitFor();
      await settledScreenshot(page, 'farm-plot-history');
    });
  }, 300_000);

  it('opens the public page of a seed product signed out', async () => {
    let seed: { seedId: number; seedName: string } | undefined;
    await withPage(e, 'seed-lookup', async (page) => {
      await signInDemo(page);
      const get = await apiOf(page);
      tenantId ||= (await get<{ tenantId: number }>('/iam/stong/v1/users/self')).tenantId;
      const seeds = await get<PageOf<{ seedId: number; seedName: string; enabledFlag: number }>>(
        `/wfpf/v1/${tenantId}/seed/page?page=0&size=20`,
      );
      seed = seeds.content.find((s) => s.enabledFlag === 1);
    });
    if (!seed) throw new Error('the demo has no enabled seed product');
    const { seedId, seedName } = seed;

    await withPage(e, 'seed-public', async (page) => {
      await localOnly(page);
      const to = `/seed?tenantId=${tenantId}&id=${seedId}`;
      await page.goto(`${e.baseUrl}${to}`);
      await page.getByRole('heading', { level: 1, name: seedName }).waitFor();
      await page.getByText('种植方法').waitFor();
      expect(new URL(page.url()).pathname).toBe('/seed');
      expect(await localItem(page, 'access_token')).toBeNull();
      await settledScreenshot(page, 'farm-seed-public');
    });
  });
});

/** The cell next to a Descriptions label (the plot form's boundary / area / centre). */
function descriptionCell(descriptions: Locator, label: string): Locator {
  return descriptions
    .locator('tr')
    .filter({ has: descriptions.page().locator('th', { hasText: exactly(label) }) })
    .locator('td');
}
