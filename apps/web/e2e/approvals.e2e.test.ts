import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, choose, dialog, formItem, row } from './antd.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import {
  animationsDone,
  apiGet,
  approvalTab,
  localOnly,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  waitForPath,
} from './helpers.js';

// The browser story of issue 14 (approvals), in zh-CN through the real console, three people in three
// browser contexts: the demo administrator designs a two-step flow for input warehousing with an amount
// condition (≥ 10000 → 演示管理员 → 王观; otherwise no step) on the designer (the "+" on an edge, the node
// drawer, the condition editor), enables it on the list and binds it on the approval settings page. The
// operator (李农) saves a large receipt: it waits in approval. The administrator approves from the bell,
// 王观 sends it back to step one with a comment, the administrator approves again, 王观 approves: only then
// does the stock move, by exactly the receipt's quantity. Last the operator reads the whole timeline under
// "submitted by me". The API only looks ids up and checks what the server stored.

const PANYU = '番禺示范基地';
const INPUT = '尿素';
const INPUT_OPTION = '尿素 (40kg/袋)';
const QUANTITY = 100;
const PRICE = 128; // 100 × 128 = 12 800 ≥ 10 000: the large branch.

const stamp = Date.now().toString(36).slice(-5);
const story = {
  flow: `E2E 大额入库审批 ${stamp}`,
  step1: 'E2E 基地审核',
  step2: 'E2E 总监审批',
  docCode: `E2E-${stamp}`.toUpperCase(),
  sendBack: 'E2E：单价偏高，请基地负责人重新确认。',
  approve1: 'E2E：数量与采购单一致。',
  approve2: 'E2E：已复核单价，同意。',
  approve3: 'E2E：同意入库。',
};
const found = { tenantId: 0, panyuId: 0, docId: 0, stockBefore: 0 };

let e: E2E;
let admin: Page;
let operator: Page;
let viewer: Page;

beforeAll(async () => {
  e = await startE2E();
  admin = await newPage(e);
  operator = await newPage(e);
  viewer = await newPage(e);
  for (const p of [admin, operator, viewer]) await localOnly(e, p);
});

afterAll(async () => {
  for (const p of [admin, operator, viewer]) await p?.context().close();
  await e?.close();
});

/** Runs one step of the story; when it fails, a screenshot of the page goes to failed-approvals-<name>.png. */
async function step(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    await screenshot(page, `failed-approvals-${name}`).catch(() => undefined);
    throw err;
  }
}

/** Goes to a console page and waits until `ready` is there. */
async function open(page: Page, to: string, ready: Locator): Promise<void> {
  await page.goto(`${e.baseUrl}${to}`);
  await waitForPath(page, to);
  await ready.first().waitFor();
}

/** The input's stock at 番禺示范基地, as the server holds it. */
const stock = async (): Promise<number> => {
  const page = await apiGet<{ content: { inputName: string; quantity: number }[] }>(
    e,
    admin,
    `/wfpf/v1/${found.tenantId}/agricultural/stock?page=0&size=10&areaId=${found.panyuId}&inputName=${encodeURIComponent(INPUT)}`,
  );
  return page.content.find((s) => s.inputName === INPUT)?.quantity ?? 0;
};

// --- the designer -------------------------------------------------------------------------------------

const flowCard = (page: Page, text: string | RegExp): Locator =>
  page.locator('.tl-flow-card').filter({ hasText: text });

/**
 * The "+" on the edge leaving `card` downwards (the diagram runs top to bottom; a branch's edge bends
 * towards the join, so its "+" sits below the card but not always under its middle).
 */
async function plusBelow(page: Page, card: Locator): Promise<Locator> {
  const box = await card.boundingBox();
  if (!box) throw new Error('the card is not on screen');
  const pluses = page.getByRole('button', { name: '在此添加节点' });
  let best: { index: number; y: number } | null = null;
  for (let i = 0; i < (await pluses.count()); i++) {
    const b = await pluses.nth(i).boundingBox();
    if (!b) continue;
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    const under = x > box.x && x < box.x + box.width && y > box.y + box.height;
    if (under && (!best || y < best.y)) best = { index: i, y };
  }
  if (!best) throw new Error('no "+" below the card');
  return pluses.nth(best.index);
}

/** Clicks a "+" and picks the kind of node from its menu. */
async function insert(page: Page, plus: Locator, kind: string): Promise<void> {
  await plus.click();
  const item = page.getByRole('menuitem', { name: kind, exact: true });
  await item.waitFor();
  // The menu slides in: a click during its animation can land on the item next to it.
  await animationsDone(page.locator('.ant-dropdown').filter({ has: item }));
  await item.click();
}

/** In the open node drawer: names the approval step and gives it one named approver. */
async function fillStep(page: Page, name: string, approver: string): Promise<void> {
  const drawer = await dialog(page, '审批人');
  await formItem(drawer, '名称').locator('input').fill(name);
  await button(drawer, '添加审批人规则').click();
  // The rule comes as 指定成员 with an empty member picker (the only multiple select in the drawer).
  const users = formItem(drawer, '审批人').locator('.ant-select-multiple');
  await users.getByText('选择成员').waitFor();
  await choose(users, approver, approver);
  await closeDrawer(page);
}

async function closeDrawer(page: Page): Promise<void> {
  const close = page.locator('.ant-drawer-close');
  if (await close.isVisible()) await close.click();
  // The mask fades out after the panel: until then it takes the canvas's clicks.
  await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
}

// --- the bell -------------------------------------------------------------------------------------------

/** From 'my approvals': approves or rejects the receipt's task with a comment (the reject sends back to step one). */
async function decide(page: Page, outcome: '同意' | '驳回', comment: string, shot?: string): Promise<void> {
  const modal = await approvalTab(page, '我审批的');
  // The receipt's open task (a step decided earlier stays listed as its own row).
  const task = row(modal, story.docCode).filter({ hasText: '未审核' });
  await task.waitFor();
  if (shot) await settledScreenshot(page, `${shot}-tab`);
  await button(task, outcome).click();
  const d = page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: outcome }) });
  await d.waitFor();
  await d.getByText(story.docCode).waitFor();
  if (outcome === '驳回') {
    await choose(formItem(d, '驳回至').locator('.ant-select'), story.step1);
  }
  await formItem(d, '审批意见').locator('textarea').fill(comment);
  if (shot) await settledScreenshot(page, `${shot}-dialog`);
  await button(d, outcome).click();
  await toast(page, outcome === '同意' ? '审核成功' : '驳回成功').waitFor();
  await d.waitFor({ state: 'hidden' });
  // Decided: the list reloaded without an open task of the receipt.
  await task.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
}

describe('approvals story (issue 14)', () => {
  it('0. the three of them sign in', async () => {
    await step(admin, 'sign-in', async () => {
      for (const [page, user, password] of [
        [admin, 'demo', 'demo1234'],
        [operator, 'operator', 'operator1234'],
        [viewer, 'viewer', 'viewer1234'],
      ] as const) {
        await signIn(e, page, user, password);
        await settleLatestAnnouncement(page);
      }
      found.tenantId = (await apiGet<{ tenantId: number }>(e, admin, '/iam/stong/v1/users/self')).tenantId;
      const bases = await apiGet<{ content: { areaId: number; areaName: string }[] }>(
        e,
        admin,
        `/wfpf/v2/${found.tenantId}/area?page=0&size=0&organizationType=area`,
      );
      found.panyuId = bases.content.find((b) => b.areaName === PANYU)?.areaId ?? 0;
      expect(found.panyuId).toBeGreaterThan(0);
    });
  });

  it('1. the administrator designs a two-step flow with an amount condition and enables it', async () => {
    await step(admin, 'designer', async () => {
      const page = admin;
      await open(page, '/system/process/add', page.locator('.react-flow'));
      const head = page.locator('section.tl-card form').first();
      await formItem(head, '名称').locator('input').fill(story.flow);
      expect(await formItem(head, '单据类型').textContent()).toContain('农资入库');

      // A condition between the applicant and the end: it comes with branch 1 and the default branch.
      await insert(page, page.getByRole('button', { name: '在此添加节点' }).first(), '条件分支');
      const branch = flowCard(page, /^分支1/);
      await branch.waitFor();
      await flowCard(page, /^其他情况/).waitFor();

      // Branch 1: two approval steps, one below the other.
      await insert(page, await plusBelow(page, branch), '审批人');
      await fillStep(page, story.step1, '演示管理员');
      const first = flowCard(page, story.step1);
      await first.getByText('1 名成员').waitFor();
      await insert(page, await plusBelow(page, first), '审批人');
      await fillStep(page, story.step2, '王观');
      await flowCard(page, story.step2).getByText('1 名成员').waitFor();

      // Branch 1's condition: amount ≥ 10000 (the field and the operator come first in their lists).
      await branch.click();
      const drawer = await dialog(page, '分支');
      await button(drawer, '添加条件').click();
      const condition = drawer.locator('.ant-space-item .ant-space').first();
      await condition.getByText('金额').waitFor();
      await condition.getByText('大于等于').waitFor();
      await condition.locator('.ant-input-number input').fill('10000');
      await closeDrawer(page);
      await branch.getByText('1 个条件，须同时满足').waitFor();

      // The live check has nothing left to say; the default branch needs no step (approved at once).
      await page.getByText('流程完整，可以启用').waitFor();
      await settledScreenshot(page, 'approvals-designer');
      await button(page, '保存').click();
      await toast(page, '已保存').waitFor();
      await waitForPath(page, /^\/system\/process\/edit\/\d+$/);

      // Enabled on the list, after the confirmation.
      await open(page, '/system/process', row(page, story.flow));
      await row(page, story.flow).locator('.ant-switch').click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: `确定启用“${story.flow}”吗？` });
      await confirm.waitFor();
      await button(confirm, '确定').click();
      await toast(page, '已启用').waitFor();
      await expect
        .poll(() => row(page, story.flow).locator('.ant-switch').getAttribute('aria-checked'))
        .toBe('true');

      // What the server stored: the condition and the two steps with their approvers.
      interface Def {
        id: number;
        name: string;
        enabledFlag: number;
        model: unknown;
      }
      const list = await apiGet<{ content: Def[] }>(
        e,
        page,
        `/wfpf/v1/${found.tenantId}/approval-definitions?page=0&size=50`,
      );
      const def = list.content.find((d) => d.name === story.flow);
      expect(def?.enabledFlag).toBe(1);
      const detail = await apiGet<Def>(e, page, `/wfpf/v1/${found.tenantId}/approval-definitions/${def?.id}`);
      const users = await apiGet<{ content: { id: number; loginName: string }[] }>(
        e,
        page,
        `/iam/v1/${found.tenantId}/users?page=0&size=0`,
      );
      const idOf = (login: string) => users.content.find((u) => u.loginName === login)?.id;
      expect(detail.model).toMatchObject({
        node: {
          kind: 'condition',
          branches: [
            {
              conditions: [{ field: 'amount', op: 'gte', value: 10000 }],
              node: {
                kind: 'approval',
                name: story.step1,
                assignees: [{ type: 'user', userIds: [idOf('demo')] }],
                next: {
                  kind: 'approval',
                  name: story.step2,
                  assignees: [{ type: 'user', userIds: [idOf('viewer')] }],
                },
              },
            },
            { isDefault: true, conditions: [] },
          ],
        },
      });
    });
  });

  it('2. binds it to input warehousing on the approval settings', async () => {
    await step(admin, 'binding', async () => {
      const page = admin;
      await open(page, '/inventory/config/audit', row(page, '农资入库'));
      const line = row(page, '农资入库').first();
      await choose(line.locator('.ant-select'), story.flow);
      await toast(page, '审批设置已保存').waitFor();
      const bindings = await apiGet<{ docType: string; definitionName: string | null }[]>(
        e,
        page,
        `/wfpf/v1/${found.tenantId}/approval-bindings`,
      );
      expect(bindings.find((b) => b.docType === 'agri_warehousing')?.definitionName).toBe(story.flow);
    });
  });

  it('3. the operator saves a large receipt: it waits in approval, the stock does not move', async () => {
    await step(operator, 'receipt', async () => {
      const page = operator;
      found.stockBefore = await stock();
      await open(page, '/web/farm/agricultural/agricultural-warehousing/add', page.locator('form'));
      const receipt = page.locator('section.tl-card');
      await formItem(receipt, '单据编号').locator('input').fill(story.docCode);
      await choose(formItem(receipt, '基地').locator('.ant-select'), PANYU, PANYU);
      const line = receipt.locator('.ant-table-row').first();
      await choose(line.locator('.ant-select'), INPUT_OPTION, INPUT);
      const numbers = line.locator('.ant-input-number input');
      await numbers.nth(0).fill(String(QUANTITY));
      await numbers.nth(1).fill(String(PRICE));
      await receipt.getByText('12,800').first().waitFor();
      await button(receipt, '保存').click();
      await toast(page, '已提交审批').waitFor();
      await waitForPath(page, /\/agricultural-warehousing\/info\/\d+$/);
      found.docId = Number(new URL(page.url()).pathname.split('/').pop());

      await open(page, '/web/farm/agricultural/agricultural-warehousing', row(page, story.docCode));
      await row(page, story.docCode).locator('.ant-tag').getByText('审批中').waitFor();
      const doc = await apiGet<{ auditState: string; areaId: number }>(
        e,
        page,
        `/wfpf/v1/${found.tenantId}/agricultural/warehousing/${found.docId}`,
      );
      expect(doc).toMatchObject({ auditState: 'submitted', areaId: found.panyuId });
      expect(await stock()).toBe(found.stockBefore);
    });
  });

  it('4. the administrator approves from the bell; the stock does not move', async () => {
    await step(admin, 'approve-1', async () => {
      await decide(admin, '同意', story.approve1, 'approvals-approve');
      expect(await stock()).toBe(found.stockBefore);
    });
  });

  it('5. 王观 sends it back to step one with a comment; the stock does not move', async () => {
    await step(viewer, 'send-back', async () => {
      await decide(viewer, '驳回', story.sendBack, 'approvals-reject');
      expect(await stock()).toBe(found.stockBefore);
    });
  });

  it('6. the administrator approves again, 王观 approves: only now the stock moves, by the quantity', async () => {
    await step(admin, 'approve-2', async () => {
      await decide(admin, '同意', story.approve2);
      expect(await stock()).toBe(found.stockBefore);
    });
    await step(viewer, 'approve-3', async () => {
      await decide(viewer, '同意', story.approve3);
      await expect.poll(stock).toBe(found.stockBefore + QUANTITY);
      const doc = await apiGet<{ auditState: string }>(
        e,
        admin,
        `/wfpf/v1/${found.tenantId}/agricultural/warehousing/${found.docId}`,
      );
      expect(doc.auditState).toBe('approved');
    });
  });

  it('7. the operator sees the whole history under "submitted by me"', async () => {
    await step(operator, 'timeline', async () => {
      const page = operator;
      await page.reload();
      const modal = await approvalTab(page, '我提交的');
      const mine = row(modal, story.docCode);
      await mine.getByText('审批完成').waitFor();
      await button(mine, '审批记录').click();
      // The process drawer, titled with the form's name and number, holds the timeline.
      const drawer = page.getByRole('dialog', { name: new RegExp(`· ${story.docCode}$`) });
      await drawer.locator('.tl-approval-timeline').waitFor();
      const events = drawer.locator('.tl-approval-event');
      await events.filter({ hasText: story.approve3 }).waitFor();
      const lines = (await events.allInnerTexts()).map((l) => l.replace(/\s+/g, ' '));
      // In order (other events, e.g. notices, may sit between): who, what, the comment.
      const expected: [string, RegExp, string?][] = [
        ['李农', /提交了审批/],
        ['演示管理员', /同意/, story.approve1],
        ['王观', /驳回/, story.sendBack],
        // The send-back names where the receipt went: step one (its comment is shown once, on the reject).
        ['王观', new RegExp(`退回 · ${story.step1}`)],
        ['演示管理员', /同意/, story.approve2],
        ['王观', /同意/, story.approve3],
        ['', /审批完成/],
      ];
      let at = 0;
      for (const [who, what, comment] of expected) {
        const i = lines.findIndex(
          (l, k) => k >= at && l.includes(who) && what.test(l) && (!comment || l.includes(comment)),
        );
        expect(i, `${who} ${what} ${comment ?? ''} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(at);
        at = i + 1;
      }
      await settledScreenshot(page, 'approvals-timeline');
    });
  });
});
