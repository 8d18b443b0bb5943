import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, choose, dialog, formItem, openDropdown, row } from './antd.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import {
  animationsDone,
  apiGet,
  approveFromBell,
  localOnly,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  waitForPath,
} from './helpers.js';

// The browser story of issue 15 (inventory), in zh-CN through the real console pages: a purchase request,
// the inbound converted from it stored in two parts, a transfer to the cold store (its outbound leg
// shipped: the goods are in transit, not available; its inbound leg received), a sale, the customer's
// return, and a stocktake whose difference becomes an adjustment. After every step the stock the server
// reports (GET /inventory/stock, the stock page's source) must agree with the movement ledger
// (GET /inventory/report/ledger). The API only looks ids up and checks what the server stored.
// The purchase request and the stocktake each go through a one-step flow designed on the console, bound
// on the approval settings and approved from the bell; the other documents have no flow bound, so their
// submit approves them at once.

const PRODUCT = '育苗基质'; // demo product without lot / expiry tracking and without demo movements
const MAIN = '番禺示范基地主仓 (WH_PY_MAIN)';
const COLD = '南沙冷库 (WH_NS_COLD)';
const SUPPLIER = '广东天禾农资股份有限公司 (SUP_TIANHE)';
const CUSTOMER = '钱大妈生鲜配送中心 (CUS_QIANDAMA)';

const FLOW = `E2E 采购申请审批 ${Date.now().toString(36).slice(-5)}`;
const found = { tenantId: 0, main: 0, cold: 0 };
const doc: Record<string, number> = {};

let e: E2E;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  e = await startE2E();
  page = await newPage(e);
  await localOnly(e, page);
  // A refused call shows only as a passing toast: a failing step names the calls the server refused.
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/inventory/')) {
      void r.text().then((t) => problems.push(`HTTP ${r.status()} ${r.url()} ${t.slice(0, 300)}`));
    }
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
});

afterAll(async () => {
  await page?.context().close();
  await e?.close();
});

/** Runs one step of the story; when it fails, a screenshot goes to failed-inventory-<name>.png. */
async function step(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
    problems.length = 0;
  } catch (err) {
    await screenshot(page, `failed-inventory-${name}`).catch(() => undefined);
    if (problems.length && err instanceof Error) err.message += `\n${problems.join('\n')}`;
    throw err;
  }
}

const inv = (path: string) => `/wfpf/v1/${found.tenantId}/inventory${path}`;

async function open(to: string, ready: Locator): Promise<void> {
  await page.goto(`${e.baseUrl}${to}`);
  await waitForPath(page, to);
  await ready.first().waitFor();
}

interface Held {
  stock: number;
  transit: number;
}

/**
 * The product's quantities per warehouse as the stock report holds them, checked against the sum of the
 * ledger's movements (per warehouse and location): the two must agree at every step.
 */
async function held(): Promise<Record<number, Held>> {
  const q = `keyword=${encodeURIComponent(PRODUCT)}&page=0&size=0`;
  const stock = await apiGet<{ content: { warehouseId: number; quantity: number; transitQty: number }[] }>(
    e,
    page,
    inv(`/stock?${q}&showZero=1`),
  );
  const ledger = await apiGet<{ content: { warehouseId: number; location: string; quantity: number }[] }>(
    e,
    page,
    inv(`/report/ledger?${q}`),
  );
  const fromStock: Record<number, Held> = {};
  const fromLedger: Record<number, Held> = {};
  const of = (m: Record<number, Held>, w: number): Held => {
    m[w] = m[w] ?? { stock: 0, transit: 0 };
    return m[w];
  };
  for (const r of stock.content) {
    of(fromStock, r.warehouseId).stock += r.quantity;
    of(fromStock, r.warehouseId).transit += r.transitQty;
  }
  for (const r of ledger.content) {
    if (r.location === 'transit') of(fromLedger, r.warehouseId).transit += r.quantity;
    else of(fromLedger, r.warehouseId).stock += r.quantity;
  }
  const round = (m: Record<number, Held>) =>
    Object.fromEntries(
      Object.entries(m)
        .map(([k, v]) => [k, { stock: +v.stock.toFixed(4), transit: +v.transit.toFixed(4) }] as const)
        .filter(([, v]) => v.stock !== 0 || v.transit !== 0),
    );
  expect(round(fromStock), 'stock report = ledger').toEqual(round(fromLedger));
  return round(fromStock);
}

/** The product's quantity in stock / in transit at a warehouse (after checking stock = ledger). */
const at = async (warehouseId: number): Promise<Held> =>
  (await held())[warehouseId] ?? { stock: 0, transit: 0 };

/** Picks the product on line `index` of the line editor (searching its name). */
async function pickProduct(scope: Locator, index = 0): Promise<void> {
  const line = scope.locator('.ant-table-row').nth(index);
  const select = line.getByRole('combobox', { name: '商品' });
  await select.click();
  await page.keyboard.type(PRODUCT);
  const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: PRODUCT });
  await option.first().click();
  await expect.poll(() => line.textContent()).toContain(PRODUCT);
}

/** Fills a line's number input by its label. */
const fillNumber = async (scope: Locator, label: string, value: number, index = 0): Promise<void> => {
  const input = scope.locator('.ant-table-row').nth(index).getByRole('spinbutton', { name: label });
  await input.fill(String(value));
};

/** Saves and submits the open form; waits for its info page and returns the new document's id. */
async function saveSubmit(info: RegExp, done = '已保存并审批通过'): Promise<number> {
  await button(page, '保存并提交').click();
  await toast(page, done).first().waitFor();
  await waitForPath(page, info);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** On an info page: stores / ships `quantity` of the first line in the execute dialog. */
async function execute(kind: '入库' | '出库', quantity: number, shot?: string): Promise<void> {
  await button(page.locator('section.tl-card'), kind).first().click();
  const d = await dialog(page, kind);
  await fillNumber(d, `本次${kind}`, quantity);
  if (shot) await settledScreenshot(page, shot);
  await button(d, kind).click();
  // A toast of the step before may still be there: the dialog closing says this one is done.
  await toast(page, `${kind}成功`).first().waitFor();
  await d.waitFor({ state: 'hidden' });
}

/**
 * Designs a one-step flow (the demo administrator approves) for documents `label` on the designer, enables
 * it on the list and binds it on the inventory approval settings.
 */
async function bindFlow(label: string, docType: string, flow: string): Promise<void> {
  await open('/system/process/add', page.locator('.react-flow'));
  const head = page.locator('section.tl-card form').first();
  await formItem(head, '名称').locator('input').fill(flow);
  await choose(formItem(head, '单据类型').locator('.ant-select'), label);
  await page.getByRole('button', { name: '在此添加节点' }).first().click();
  const item = page.getByRole('menuitem', { name: '审批人', exact: true });
  await item.waitFor();
  await animationsDone(page.locator('.ant-dropdown').filter({ has: item }));
  await item.click();
  const drawer = await dialog(page, '审批人');
  await formItem(drawer, '名称').locator('input').fill(`E2E ${label}审核`);
  await button(drawer, '添加审批人规则').click();
  const users = formItem(drawer, '审批人').locator('.ant-select-multiple');
  await users.getByText('选择成员').waitFor();
  await choose(users, '演示管理员', '演示管理员');
  await page.locator('.ant-drawer-close').click();
  await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
  await page.getByText('流程完整，可以启用').waitFor();
  await button(page, '保存').click();
  await toast(page, '已保存').waitFor();
  await waitForPath(page, /^\/system\/process\/edit\/\d+$/);

  await open('/system/process', row(page, flow));
  await row(page, flow).locator('.ant-switch').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: flow });
  await button(confirm, '确定').click();
  await toast(page, '已启用').waitFor();

  await open('/inventory/config/audit', row(page, label));
  await choose(row(page, label).first().locator('.ant-select'), flow);
  await toast(page, '审批设置已保存').waitFor();
  const bindings = await apiGet<{ docType: string; definitionName: string | null }[]>(
    e,
    page,
    `/wfpf/v1/${found.tenantId}/approval-bindings`,
  );
  expect(bindings.find((b) => b.docType === docType)?.definitionName).toBe(flow);
}

const infoRe = (segment: string) => new RegExp(`^/inventory/prment/${segment}/info/\\d+$`);

describe('inventory story (issue 15)', () => {
  it('0. signs in and looks up the warehouses', async () => {
    await step('sign-in', async () => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      found.tenantId = (await apiGet<{ tenantId: number }>(e, page, '/iam/stong/v1/users/self')).tenantId;
      const stores = await apiGet<{ content: { id: number; warehouseCode: string }[] }>(
        e,
        page,
        inv('/store?page=0&size=0'),
      );
      found.main = stores.content.find((w) => w.warehouseCode === 'WH_PY_MAIN')?.id ?? 0;
      found.cold = stores.content.find((w) => w.warehouseCode === 'WH_NS_COLD')?.id ?? 0;
      expect(found.main).toBeGreaterThan(0);
      expect(found.cold).toBeGreaterThan(0);
      expect(await at(found.main)).toEqual({ stock: 0, transit: 0 });
    });
  });

  it('1a. the administrator designs a one-step flow for purchase requests and binds it', async () => {
    await step('flow', () => bindFlow('采购申请', 'inv_purchase_request', FLOW));
  });

  it('1. a purchase request for 10 bags waits in approval; approved from the bell', async () => {
    await step('request', async () => {
      const form = page.locator('section.tl-card');
      await open('/inventory/prment/aplionform/add', form.locator('form'));
      await expect.poll(() => formItem(form, '收货仓库').textContent()).toContain(MAIN);
      await choose(formItem(form, '供应商').locator('.ant-select'), SUPPLIER, '天禾');
      await pickProduct(form);
      await fillNumber(form, '数量', 10);
      await settledScreenshot(page, 'inventory-1-request');
      doc.request = await saveSubmit(infoRe('aplionform'), '已提交审批');
      const request = () =>
        apiGet<{ docCode: string; auditState: string }>(e, page, inv(`/documents/${doc.request}`));
      const waiting = await request();
      expect(waiting.auditState).toBe('submitted');
      // Not approved yet: nothing to convert.
      await button(page.locator('section.tl-card'), '转入库').waitFor({ state: 'detached' });
      await approveFromBell(page, waiting.docCode, 'E2E：同意采购。');
      expect((await request()).auditState).toBe('approved');
      await page.reload();
      expect(await at(found.main)).toEqual({ stock: 0, transit: 0 });
    });
  });

  it('2. the inbound converted from it stores 6, then the remaining 4', async () => {
    await step('inbound', async () => {
      await button(page.locator('section.tl-card'), '转入库').first().click();
      await waitForPath(page, /\/warehousing\/convert_purchase\/\d+$/);
      const form = page.locator('section.tl-card');
      await form.getByText(PRODUCT).first().waitFor();
      doc.inbound = await saveSubmit(infoRe('warehousing'));
      await execute('入库', 6, 'inventory-2-store-part');
      expect(await at(found.main)).toEqual({ stock: 6, transit: 0 });
      await page.getByText('部分入库').first().waitFor();
      await execute('入库', 4);
      expect(await at(found.main)).toEqual({ stock: 10, transit: 0 });
      await page.getByText('已入库').first().waitFor();
      await settledScreenshot(page, 'inventory-2-inbound-done');
    });
  });

  it('3. a transfer of 3 to the cold store: legs made, the outbound shipped, the goods in transit', async () => {
    await step('transfer', async () => {
      const form = page.locator('section.tl-card');
      await open('/inventory/prment/transfer/add', form.locator('form'));
      await expect.poll(() => formItem(form, '调出仓库').textContent()).toContain(MAIN);
      await choose(formItem(form, '调入仓库').locator('.ant-select'), COLD, '南沙');
      await pickProduct(form);
      await fillNumber(form, '数量', 3);
      doc.transfer = await saveSubmit(infoRe('transfer'));
      await button(page.locator('section.tl-card'), '生成出入库单').first().click();
      await waitForPath(page, /\/transfer\/convert\/\d+$/);
      await settledScreenshot(page, 'inventory-3-legs');
      await button(page.locator('section.tl-card'), '生成出入库单').click();
      await toast(page, '已生成出库单和入库单').waitFor();
      await waitForPath(page, infoRe('transfer'));
      // The outbound leg, from the transfer's children.
      await page
        .locator('section.tl-card')
        .getByRole('link', { name: /^出库单 / })
        .click();
      await waitForPath(page, infoRe('shipment'));
      await execute('出库', 3, 'inventory-3-ship-leg');
      const main = await at(found.main);
      const cold = await at(found.cold);
      expect(main.stock).toBe(7);
      // In transit: 3, held by one of the two warehouses, available at neither.
      expect(main.transit + cold.transit).toBe(3);
      expect(cold.stock).toBe(0);

      // The stock page shows the transit quantity apart from what is in stock.
      await open('/inventory/prment/stock', page.locator('.ant-table'));
      await page.getByPlaceholder('商品名称、编码、别名或 SKU 编码').fill(PRODUCT);
      await button(page, '查询').click();
      const rows = page.locator('.ant-table-row').filter({ hasText: PRODUCT });
      await expect.poll(() => rows.count()).toBe(2);
      // Main: 7 in stock, nothing in transit; cold store: nothing in stock (not available), 3 in transit.
      const cells = async (warehouse: string) =>
        (await rows.filter({ hasText: warehouse }).locator('td').allInnerTexts()).map((c) => c.trim());
      const q = 8; // quantity column; the transit quantity follows it
      expect((await cells('番禺示范基地主仓')).slice(q, q + 2)).toEqual(['7.00', '—']);
      expect((await cells('南沙冷库')).slice(q, q + 2)).toEqual(['0.00', '3.00']);
      await page
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => {
          el.scrollLeft = 700;
        });
      await settledScreenshot(page, 'inventory-3-stock-transit');
    });
  });

  it('4. the inbound leg is received at the cold store', async () => {
    await step('receive', async () => {
      await page.goto(`${e.baseUrl}/inventory/prment/transfer/info/${doc.transfer}`);
      await page
        .locator('section.tl-card')
        .getByRole('link', { name: /^入库单 / })
        .click();
      await waitForPath(page, infoRe('warehousing'));
      await execute('入库', 3);
      expect(await at(found.main)).toEqual({ stock: 7, transit: 0 });
      expect(await at(found.cold)).toEqual({ stock: 3, transit: 0 });
      await page.goto(`${e.baseUrl}/inventory/prment/transfer/info/${doc.transfer}`);
      await page.locator('section.tl-card').getByText('已调入').first().waitFor();
      await settledScreenshot(page, 'inventory-4-transfer-done');
    });
  });

  it('5. a sale of 2 ships from the main warehouse', async () => {
    await step('sale', async () => {
      const form = page.locator('section.tl-card');
      await open('/inventory/prment/shipment/add', form.locator('form'));
      await expect.poll(() => formItem(form, '出库仓库').textContent()).toContain(MAIN);
      await choose(formItem(form, '客户').locator('.ant-select'), CUSTOMER, '钱大妈');
      await pickProduct(form);
      await fillNumber(form, '数量', 2);
      await fillNumber(form, '单价', 45);
      doc.sale = await saveSubmit(infoRe('shipment'));
      await execute('出库', 2);
      expect(await at(found.main)).toEqual({ stock: 5, transit: 0 });
    });
  });

  it('6. the customer returns 1: the return is received back into the main warehouse', async () => {
    await step('return', async () => {
      await button(page.locator('section.tl-card'), '退货').first().click();
      await waitForPath(page, /\/shipment\/return\/\d+$/);
      const form = page.locator('section.tl-card');
      await form.getByText(PRODUCT).first().waitFor();
      await fillNumber(form, '数量', 1);
      await settledScreenshot(page, 'inventory-6-return');
      doc.return = await saveSubmit(infoRe('return'));
      await button(page.locator('section.tl-card'), '处理退货').first().click();
      await waitForPath(page, /\/return\/convert\/\d+$/);
      await page.locator('section.tl-card').getByText(PRODUCT).first().waitFor();
      doc.returnIn = await saveSubmit(infoRe('warehousing'));
      await execute('入库', 1);
      expect(await at(found.main)).toEqual({ stock: 6, transit: 0 });
    });
  });

  it('7. a stocktake counts 5 (the books say 6): approved from the bell, it adjusts the stock', async () => {
    await step('stocktake-flow', () => bindFlow('盘点单', 'inv_stocktake', `${FLOW} 盘点`));
    await step('stocktake', async () => {
      const form = page.locator('section.tl-card');
      await open('/inventory/prment/inventory_form/add', form.locator('form'));
      await expect.poll(() => formItem(form, '盘点仓库').textContent()).toContain(MAIN);
      await pickProduct(form);
      await fillNumber(form, '实盘数量', 5);
      await settledScreenshot(page, 'inventory-7-stocktake');
      doc.stocktake = await saveSubmit(infoRe('inventory_form'), '已提交审批');
      const stocktake = () =>
        apiGet<{
          docCode: string;
          auditState: string;
          lines: { bookQty: number | null; quantity: number }[];
        }>(e, page, inv(`/documents/${doc.stocktake}`));
      const st = await stocktake();
      expect(st.auditState).toBe('submitted');
      expect(st.lines[0]).toMatchObject({ bookQty: 6, quantity: 5 });
      // Waiting in approval: no adjustment yet, the stock untouched.
      await button(page.locator('section.tl-card'), '调整库存').waitFor({ state: 'detached' });
      await approveFromBell(page, st.docCode, 'E2E：盘点差异属实。');
      expect((await stocktake()).auditState).toBe('approved');
      await page.reload();
      expect(await at(found.main)).toEqual({ stock: 6, transit: 0 });
      await button(page.locator('section.tl-card'), '调整库存').first().click();
      await waitForPath(page, /\/inventory_form\/convert\/\d+$/);
      await button(page.locator('section.tl-card'), '调整库存').click();
      await toast(page, '库存已调整').waitFor();
      await waitForPath(page, infoRe('inventory_form'));
      expect(await at(found.main)).toEqual({ stock: 5, transit: 0 });
      await settledScreenshot(page, 'inventory-7-adjusted');

      // The movement detail page lists every step of the story.
      await open('/inventory/prment/report', page.locator('.ant-tabs'));
      await settledScreenshot(page, 'inventory-8-report');
    });
  });
});
