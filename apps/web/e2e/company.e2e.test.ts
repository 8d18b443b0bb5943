import { PERMISSIONS } from '@tilth/contracts/permissions';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  button,
  choose,
  clearSelect,
  dialog,
  exactly,
  formItem,
  openDropdown,
  optionTexts,
  row,
} from './antd.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import {
  apiGet,
  localOnly,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  waitForPath,
} from './helpers.js';
import { eventType, type PushReceiver, signatureValid, startReceiver } from './pushReceiver.js';

// The browser story of issue 13 (company administration), in zh-CN as the demo administrator through the
// real console: a department under a demo base → a role limited to 南沙水产基地 (permissions picked with
// "select all under this node" on the farm part) → a user with that role, placed in the department → that
// user, signed in from a second browser context, sees only 南沙水产基地's plots, devices and base. The API
// only looks ids up and checks what the server stored after the console acted. Then an application with a
// read-only scope (the plots page alone): the test, as the integrator, takes a client-credentials token with
// the secret the console showed once, reads plots (200), fails to write (403), and after the console rotates
// the secret the old token gets 401. Last a push subscription to a receiver the test runs on 127.0.0.1:
// the push test and a task the administrator finishes on "my tasks" arrive signed with the secret the
// console showed once, and the delivery log shows the task's event delivered.
//
// The steps run in order and share `story` (names) and `found` (ids). Each step starts from `admin` (the
// administrator's page) and wraps its body in `step(name, …)` for a screenshot when it fails.

const NANSHA = '南沙水产基地';
const PANYU = '番禺示范基地';
/** Demo plots (land.demo.ts) and weather stations (demo.devices.fleet.ts) of each base. */
const NANSHA_PLOTS = ['1号鱼塘', '2号鱼塘'];
const PANYU_PLOTS = ['1号温室大棚', '东片水稻田'];
const NANSHA_STATION = '南沙气象站';
const PANYU_STATION = '番禺气象站';
/** The list requests of the plots and device pages. */
const LAND_LIST = /\/wfpf\/v1\/\d+\/land\?/;
const DEVICE_LIST = /\/wfpe\/v\d\/\d+\/device\/page\?/;
/** A demo task in progress that the demo administrator takes part in (task.demo.ts): finished in step 6. */
const PUSHED_TASK = '东片水稻田病虫害巡查';
const FARM_CODES = PERMISSIONS.filter((p) => p.subModule === 'wfpf-farm').map((p) => p.code);

const stamp = Date.now().toString(36).slice(-5);
const story = {
  department: `E2E 南沙养殖部 ${stamp}`,
  roleCode: `e2e-nansha-${stamp}`,
  roleZh: `E2E 南沙养殖员 ${stamp}`,
  roleEn: `E2E Nansha keeper ${stamp}`,
  userName: `E2E 南沙用户 ${stamp}`,
  // A mainland mobile number unique to this run.
  phone: `139${String(Date.now()).slice(-8)}`,
  password: 'Nansha2026',
  application: `E2E 地块只读 ${stamp}`,
  push: `E2E 任务推送 ${stamp}`,
};
const found = { tenantId: 0, nanshaId: 0, departmentId: 0, roleId: 0, userId: 0 };

let e: E2E;
let admin: Page;
let receiver: PushReceiver | undefined;

beforeAll(async () => {
  e = await startE2E();
  admin = await newPage(e);
  await localOnly(e, admin);
});

afterAll(async () => {
  await admin?.context().close();
  await e?.close();
  await receiver?.close();
});

/** The client-credentials grant, as an integrator calls it (Node's fetch, no browser). */
async function clientToken(
  clientId: string,
  secret: string,
): Promise<{ status: number; accessToken: string; scope: string }> {
  const res = await fetch(`${e.baseUrl}/oauth/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    }),
  });
  const body = (await res.json()) as { access_token?: string; scope?: string };
  return { status: res.status, accessToken: body.access_token ?? '', scope: body.scope ?? '' };
}

/** A call of the API with an application's token. */
const bearer = (
  token: string,
  url: string,
  opts: { method?: string; body?: unknown } = {},
): Promise<Response> =>
  fetch(`${e.baseUrl}${url}`, {
    method: opts.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });

/** Runs one step of the story; when it fails, a screenshot of the page goes to failed-company-<name>.png. */
async function step(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    await screenshot(page, `failed-company-${name}`).catch(() => undefined);
    throw err;
  }
}

/** Goes to a console page and waits until `ready` is there. */
async function open(page: Page, to: string, ready: Locator): Promise<void> {
  await page.goto(`${e.baseUrl}${to}`);
  await waitForPath(page, to);
  await ready.first().waitFor();
}

/** The titles of the organisation tree's nodes as shown (type tag and name; the staff count dropped). */
const treeTitles = async (page: Page): Promise<string[]> =>
  (await page.locator('.tl-card .ant-tree .ant-tree-title').allInnerTexts()).map((t) =>
    t.replace(/\s*\(\d+\)$/, '').trim(),
  );
const treeNode = (page: Page, name: string): Locator =>
  page.locator('.tl-card .ant-tree .ant-tree-node-content-wrapper').filter({ hasText: name });

/** The names in a list's first column. */
const firstColumn = (page: Page): Promise<string[]> =>
  page.locator('.ant-table-row td:first-child').allInnerTexts();

/**
 * Empties a list's base filter and searches, so the list shows every base the server lets through;
 * `listPath` matches the list request's URL.
 */
const allBases = async (page: Page, baseLabel: string, listPath: RegExp): Promise<void> => {
  const bar = page.locator('.tl-filter');
  const base = formItem(bar, baseLabel).locator('.ant-select');
  await clearSelect(base);
  const listed = page.waitForResponse((r) => r.request().method() === 'GET' && listPath.test(r.url()));
  await button(bar, '查询').click();
  const answer = await listed;
  expect(new URL(answer.url()).searchParams.get('areaId')).toBeNull();
  await page.locator('.ant-table-row').first().waitFor();
};

interface OrgNode {
  id: number;
  name: string;
  parentId: number | null;
  organizationType: string;
  children: OrgNode[];
}
const flat = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('company administration story (issue 13)', () => {
  it('0. the demo administrator signs in', async () => {
    await step(admin, 'sign-in', async () => {
      await signIn(e, admin, 'demo', 'demo1234');
      await settleLatestAnnouncement(admin);
      found.tenantId = (await apiGet<{ tenantId: number }>(e, admin, '/iam/stong/v1/users/self')).tenantId;
    });
  });

  it('1. adds a department under 南沙水产基地 on the organisation tree', async () => {
    await step(admin, 'organization', async () => {
      const page = admin;
      await open(page, '/system/organization', page.locator('.tl-card .ant-tree'));
      await treeNode(page, NANSHA).click();
      await button(page, '新增下级').click();
      const modal = await dialog(page, `在“${NANSHA}”下新增组织`);
      // Under a base only a department may be added (spec 03 §5): the type comes chosen.
      expect(await formItem(modal, '类型').textContent()).toContain('部门');
      await formItem(modal, '名称').locator('input').fill(story.department);
      await button(modal, '保存').click();
      await toast(page, '新增成功').waitFor();
      await modal.waitFor({ state: 'hidden' });

      // The tree shows it; searching for it keeps only its path, which runs through 南沙水产基地.
      await treeNode(page, story.department).waitFor();
      await page.getByPlaceholder('搜索组织').fill(story.department);
      await expect
        .poll(() => treeTitles(page))
        .toEqual(['集团示范农场集团', '公司示范农业有限公司', `基地${NANSHA}`, `部门${story.department}`]);
      await settledScreenshot(page, 'company-organization');

      const units = flat(await apiGet<OrgNode[]>(e, page, `/wfpf/v1/${found.tenantId}/organization/tree`));
      const nansha = units.find((u) => u.name === NANSHA && u.organizationType === 'area');
      const department = units.find((u) => u.name === story.department);
      expect(nansha).toBeDefined();
      expect(department?.organizationType).toBe('department');
      expect(department?.parentId).toBe(nansha?.id);
      found.nanshaId = nansha?.id ?? 0;
      found.departmentId = department?.id ?? 0;
    });
  });

  it('2. adds a role with the farm permissions and 南沙水产基地 as its only base', async () => {
    await step(admin, 'role', async () => {
      const page = admin;
      await open(page, '/system/role', page.locator('.tl-card .ant-table'));
      await button(page, '新增角色').click();
      const drawer = await dialog(page, '新增角色');
      await formItem(drawer, '编码').locator('input').fill(story.roleCode);
      await formItem(drawer, '中文名称').locator('input').fill(story.roleZh);
      await formItem(drawer, '英文名称').locator('input').fill(story.roleEn);

      // Data scope: named bases, only 南沙水产基地 (the list offers every base of the tree).
      await formItem(drawer, '数据范围').getByText('指定基地', { exact: true }).click();
      const bases = formItem(drawer, '基地').locator('.ant-select');
      await bases.click();
      expect(await optionTexts(page)).toEqual(expect.arrayContaining([NANSHA, PANYU]));
      await page.keyboard.press('Escape');
      await openDropdown(page).waitFor({ state: 'hidden' });
      await choose(bases, NANSHA, NANSHA);
      expect(await bases.locator('.ant-select-selection-item').allInnerTexts()).toEqual([NANSHA]);

      // Permissions: checking the farm module's root selects everything under it.
      const editor = formItem(drawer, '权限');
      await editor.getByText(`已选 0 /`).waitFor();
      await editor
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-title', { hasText: /^智慧农场$/ }) })
        .locator('.ant-tree-checkbox')
        .click();
      await editor.getByText(`已选 ${FARM_CODES.length} /`).waitFor();
      await settledScreenshot(page, 'company-role-drawer');

      await button(drawer, '保存').click();
      await toast(page, '角色已创建').waitFor();
      await drawer.waitFor({ state: 'hidden' });
      const listed = row(page, story.roleZh);
      await listed.getByText('指定基地 (1)').waitFor();
      await listed.getByText('自定义').waitFor();

      interface RoleView {
        id: number;
        code: string;
        permissions: string[];
        dataScope: string;
        baseIds: number[];
      }
      const roles = await apiGet<RoleView[]>(e, page, `/iam/v1/${found.tenantId}/roles`);
      const role = roles.find((r) => r.code === story.roleCode);
      expect(role?.dataScope).toBe('bases');
      expect(role?.baseIds).toEqual([found.nanshaId]);
      expect([...(role?.permissions ?? [])].sort()).toEqual([...FARM_CODES].sort());
      found.roleId = role?.id ?? 0;
    });
  });

  it('3. adds a user with a phone, an initial password and that role, placed in the new department', async () => {
    await step(admin, 'user', async () => {
      const page = admin;
      await open(page, '/system/user-manage', page.locator('.tl-filter'));
      await button(page.locator('.tl-filter'), '新增用户').click();
      const modal = await dialog(page, '新增用户');
      await formItem(modal, '姓名').locator('input').fill(story.userName);
      await formItem(modal, '手机号').locator('input').fill(story.phone);
      expect(await formItem(modal, '密码设置方式').getByLabel('设置初始密码').isChecked()).toBe(true);
      await formItem(modal, '初始密码').locator('input').fill(story.password);
      await choose(formItem(modal, '角色').locator('.ant-select'), story.roleZh, story.roleZh);
      await button(modal, '保存').click();
      await toast(page, '用户已添加').waitFor();
      await modal.waitFor({ state: 'hidden' });

      const listed = row(page, story.phone);
      await listed.getByText(story.roleZh).waitFor();
      await button(listed, '所属组织').click();
      const units = await dialog(page, `${story.userName} 的所属组织`);
      await choose(units.locator('.ant-select'), story.department, story.department);
      await button(units, '保存').click();
      await toast(page, '保存成功').waitFor();
      await units.waitFor({ state: 'hidden' });
      await listed.getByText(story.department).waitFor();
      await settledScreenshot(page, 'company-user');

      interface UserView {
        id: number;
        phone: string;
        roleIds: number[];
        unitIds: number[];
        enabled: boolean;
      }
      const users = await apiGet<{ content: UserView[] }>(
        e,
        page,
        `/iam/v1/${found.tenantId}/users?page=0&size=20&phone=${story.phone}`,
      );
      const user = users.content.find((u) => u.phone === story.phone);
      expect(user?.roleIds).toEqual([found.roleId]);
      expect(user?.unitIds).toEqual([found.departmentId]);
      expect(user?.enabled).toBe(true);
      found.userId = user?.id ?? 0;
    });
  });

  it('4. the new user, in a second browser, sees only 南沙水产基地’s base, plots and devices', async () => {
    // The administrator sees both bases' plots: the absences below are the role's doing.
    await step(admin, 'control', async () => {
      await open(admin, '/web/farm/land', admin.locator('.tl-filter'));
      await allBases(admin, '所属基地', LAND_LIST);
      await expect.poll(() => firstColumn(admin)).toEqual(expect.arrayContaining(PANYU_PLOTS));
    });

    const page = await newPage(e);
    try {
      await step(page, 'scoped-user', async () => {
        await localOnly(e, page);
        await signIn(e, page, story.phone, story.password);
        await settleLatestAnnouncement(page);

        // The header's base selector offers 南沙水产基地 alone, and has chosen it.
        const header = page.locator('.tl-area-select');
        await expect.poll(() => header.textContent()).toContain(NANSHA);
        await header.click();
        expect(await optionTexts(page)).toEqual([NANSHA]);
        await page.keyboard.press('Escape');

        // Plots: with the base filter emptied the server still sends only 南沙水产基地's.
        await open(page, '/web/farm/land', page.locator('.tl-filter'));
        await allBases(page, '所属基地', LAND_LIST);
        await expect.poll(() => firstColumn(page)).toEqual(expect.arrayContaining(NANSHA_PLOTS));
        const plots = await firstColumn(page);
        for (const plot of PANYU_PLOTS) expect(plots).not.toContain(plot);
        const plotBases = await page.locator('.ant-table-row').allInnerTexts();
        for (const r of plotBases) expect(r).not.toContain(PANYU);
        await formItem(page.locator('.tl-filter'), '所属基地').locator('.ant-select').click();
        expect(await optionTexts(page)).toEqual([NANSHA]);
        await page.keyboard.press('Escape');
        await settledScreenshot(page, 'company-scoped-plots');

        // Devices: the weather stations, every base.
        await open(page, '/web/equipment/weatherStations', page.locator('.tl-filter'));
        await allBases(page, '所属基地', DEVICE_LIST);
        await expect.poll(() => firstColumn(page)).toContain(NANSHA_STATION);
        expect(await firstColumn(page)).not.toContain(PANYU_STATION);
        await settledScreenshot(page, 'company-scoped-devices');
      });
    } finally {
      await page.context().close();
    }
  });

  it('5. creates an application with the plots view code alone; its token reads plots, cannot write, dies on rotate', async () => {
    await step(admin, 'application', async () => {
      const page = admin;
      await open(page, '/system/application', page.locator('.tl-filter'));
      await button(page.locator('.tl-filter'), '新增应用').click();
      const modal = await dialog(page, '新增应用');
      await formItem(modal, '应用名称').locator('input').fill(story.application);

      // Scope: the plots page alone, without its add/edit/delete actions (found with the tree's search;
      // checking the page takes its actions along, so they are unchecked one by one).
      const editor = formItem(modal, '授权范围');
      await editor.getByPlaceholder('搜索权限').fill('地块管理');
      const checkbox = (title: string) =>
        editor
          .locator('.ant-tree-treenode')
          .filter({ has: page.locator('.ant-tree-title', { hasText: exactly(title) }) })
          .locator('.ant-tree-checkbox');
      await checkbox('地块管理').click();
      await editor.getByText('已选 4 /').waitFor();
      for (const action of ['新增地块', '编辑地块', '删除地块']) await checkbox(action).click();
      await editor.getByText('已选 1 /').waitFor();
      await expect
        .poll(() => checkbox('地块管理').getAttribute('class'))
        .toContain('ant-tree-checkbox-checked');
      await button(modal, '保存').click();
      await toast(page, '应用已创建').waitFor();

      // The secret, once, in its own dialog: the test copies the client id and secret from its text.
      const secretModal = await dialog(page, `${story.application} 的应用密钥`);
      await secretModal.getByText('它只显示这一次').waitFor();
      const clientId = (await secretModal.locator('code').first().innerText()).trim();
      const secret = (await secretModal.getByTestId('client-secret').innerText()).trim();
      expect(clientId).toMatch(/^app_/);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      await settledScreenshot(page, 'company-application-secret');
      await button(secretModal, '我已复制').click();
      await secretModal.waitFor({ state: 'hidden' });

      // The list has it, with one scope and without the secret.
      const listed = row(page, story.application);
      await listed.getByText(clientId).waitFor();
      expect(await listed.locator('td').nth(2).innerText()).toBe('1');
      expect(await page.locator('.tl-card').innerText()).not.toContain(secret);
      expect(await listed.innerText()).toContain('尚未使用');

      // The integrator's side: a token for the client credentials, then the tenant's plots with it.
      const token = await clientToken(clientId, secret);
      expect(token.status).toBe(200);
      expect(token.scope).toBe('wfpf.farm.farm.land');
      const plotsPath = `/wfpf/v1/${found.tenantId}/land?page=0&size=0`;
      const plots = await bearer(token.accessToken, plotsPath);
      expect(plots.status).toBe(200);
      const names = ((await plots.json()) as { content: { landName: string }[] }).content.map(
        (p) => p.landName,
      );
      expect(names).toEqual(expect.arrayContaining(NANSHA_PLOTS));
      // A write is beyond a read-only scope: 403, and no plot appears.
      const plotName = `E2E 应用地块 ${stamp}`;
      const write = await bearer(token.accessToken, `/wfpf/v1/${found.tenantId}/land`, {
        method: 'POST',
        body: { areaId: found.nanshaId, landName: plotName },
      });
      expect(write.status).toBe(403);
      const after = (await (await bearer(token.accessToken, plotsPath)).json()) as {
        content: { landName: string }[];
      };
      expect(after.content.map((p) => p.landName)).not.toContain(plotName);

      // Back in the console: rotate the secret (confirmed); a new one is shown once.
      await button(listed, '重置密钥').click();
      const confirm = page
        .locator('.ant-modal-confirm')
        .filter({ hasText: `确定重置 ${story.application} 的密钥？` });
      await confirm.waitFor();
      await button(confirm, '重置密钥').click();
      const rotated = await dialog(page, `${story.application} 的应用密钥`);
      const newSecret = (await rotated.getByTestId('client-secret').innerText()).trim();
      expect(newSecret).not.toBe(secret);
      await button(rotated, '我已复制').click();
      await rotated.waitFor({ state: 'hidden' });
      // The list, refreshed by the rotation, shows when the application last took a token.
      await expect.poll(() => listed.innerText()).not.toContain('尚未使用');
      await settledScreenshot(page, 'company-application-list');

      // The old token and the old secret stop working at once; the new secret works.
      expect((await bearer(token.accessToken, plotsPath)).status).toBe(401);
      expect((await clientToken(clientId, secret)).status).toBe(401);
      const fresh = await clientToken(clientId, newSecret);
      expect(fresh.status).toBe(200);
      expect((await bearer(fresh.accessToken, plotsPath)).status).toBe(200);
    });
  });

  it('6. pushes to a receiver: signed push test, a finished task delivered, seen in the delivery log', async () => {
    await step(admin, 'data-push', async () => {
      const page = admin;
      receiver = await startReceiver();
      const received = receiver.received;

      // A subscription to the receiver for finished tasks; its signing secret is shown once.
      await open(page, '/system/dataPush', page.locator('.tl-filter'));
      await button(page.locator('.tl-filter'), '新增推送').click();
      const modal = await dialog(page, '新增数据推送');
      await formItem(modal, '名称').locator('input').fill(story.push);
      await formItem(modal, '推送地址').locator('input').fill(receiver.url);
      await formItem(modal, '推送事件').getByLabel('任务完成').check();
      await button(modal, '保存').click();
      await toast(page, '新增成功').waitFor();
      const secretModal = await dialog(page, `“${story.push}”的签名密钥`);
      await secretModal.getByText('它只显示这一次').waitFor();
      const secret = (await secretModal.locator('code').innerText()).trim();
      expect(secret).toMatch(/^whsec_[\w-]{43}$/);
      // Its copy button puts exactly that on the clipboard, which is where an administrator takes it from.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.baseUrl });
      await secretModal.getByRole('button', { name: '复制', exact: true }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await settledScreenshot(page, 'company-push-secret');
      await button(secretModal, '我已复制').click();
      await secretModal.waitFor({ state: 'hidden' });
      const listed = row(page, story.push);
      await listed.getByText(receiver.url).waitFor();
      await listed.getByText('任务完成').waitFor();
      expect(await page.locator('.tl-card').innerText()).not.toContain(secret);

      // The push test reaches the receiver while the button waits, signed with that secret.
      await button(listed, '推送测试').click();
      await toast(page, '推送测试成功：HTTP 200').waitFor();
      expect(received).toHaveLength(1);
      const test = received[0];
      expect(test?.method).toBe('POST');
      expect(test && eventType(test)).toBe('test');
      expect(test && JSON.parse(test.raw)).toMatchObject({ type: 'test', seq: 0, tenantId: found.tenantId });
      expect(test && signatureValid(secret, test)).toBe(true);
      // The check can fail: another secret does not verify.
      expect(test && signatureValid(`${secret.slice(0, -1)}x`, test)).toBe(false);

      // A real event: the administrator finishes a task they take part in, on "my tasks".
      await open(page, '/web/farm/task', page.locator('.tl-filter'));
      const filter = page.locator('.tl-filter');
      await formItem(filter, '任务名称').locator('input').fill(PUSHED_TASK);
      await button(filter, '查询').click();
      const card = page.locator('.tl-task-card').filter({ hasText: PUSHED_TASK });
      await button(card, '完成').click();
      const finish = await dialog(page, `完成任务：${PUSHED_TASK}`);
      await formItem(finish, '完成说明').locator('textarea').fill('E2E：巡查完成，未见病虫害。');
      await button(finish, '完成').click();
      await toast(page, '任务已完成').waitFor();
      await finish.waitFor({ state: 'hidden' });

      // The worker delivers it on its own, signed, with the task in its data.
      const delivered = () => received.find((r) => eventType(r) === 'task.finished');
      await expect.poll(() => delivered() !== undefined).toBe(true);
      const event = delivered();
      expect(event && signatureValid(secret, event)).toBe(true);
      expect(event && JSON.parse(event.raw)).toMatchObject({
        type: 'task.finished',
        seq: 1,
        tenantId: found.tenantId,
        data: { taskName: PUSHED_TASK, note: 'E2E：巡查完成，未见病虫害。' },
      });

      // The delivery log: one delivered row with the receiver's status and response time.
      await open(page, '/system/dataPush', row(page, story.push));
      // The list counts it among the delivered (green), none waiting or failed.
      const counts = row(page, story.push).locator('.ant-tag-success, .ant-tag-processing, .ant-tag-error');
      expect(await counts.allInnerTexts()).toEqual(['1', '0', '0']);
      await button(row(page, story.push), '推送记录').click();
      const log = await dialog(page, `推送记录 · ${story.push}`);
      const entry = row(log, '任务完成');
      await entry.getByText('已送达').waitFor();
      expect(await log.locator('.ant-table-row').count()).toBe(1);
      expect(await entry.locator('.ant-tag').innerText()).toBe('已送达');
      expect(await entry.innerText()).toMatch(/200 · \d+ ms/);
      await settledScreenshot(page, 'company-push-log');
    });
  });
});
