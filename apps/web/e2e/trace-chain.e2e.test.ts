import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { appendToChain, canonicalHash } from '../../server/src/modules/trace/chain/index.js';
import type { TenantCtx } from '../../server/src/platform/http/context.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 18 item 4 in the console: three sealed blocks browsed, the ledger verified with progress, a
// transaction's proof checked in the browser, then a transaction changed behind the trigger and the next
// verification naming its block.

const T = DEMO_TENANT_ID;
let e: E2E;
let page: Page;
let tx2 = '';

const seal = (refIds: number[]) =>
  e.server.platform.database.withTenant(T, (db) =>
    appendToChain(
      { db, tenantId: T } as unknown as TenantCtx,
      refIds.map((refId) => ({
        kind: 'trace.record' as const,
        refId,
        dataHash: canonicalHash({ refId, product: '西湖龙井' }),
        meta: { traceBatchId: refId, batchCode: `LJ-2026-${refId}`, productName: '西湖龙井', version: 1 },
      })),
    ),
  );

describe('trace ledger console', () => {
  beforeAll(async () => {
    e = await startE2E({ TILTH_CHAIN_VERIFY_SLICE_MS: '1' });
    page = await newPage(e);
    await seal([1, 2]);
    tx2 = (await seal([3]))[0]?.txHash ?? '';
    await seal([4, 5, 6]);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it('shows the summary, verifies the whole ledger and lists the blocks', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await page.goto(`${e.baseUrl}/web/trace/block-chain`);
    await page.getByText('可验证账本').first().waitFor();
    await page.getByText('未配置外部锚定').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await page.getByRole('button', { name: '立即校验' }).click();
    await page.getByText('账本完整').waitFor();
    await expect.poll(() => page.getByText('已重新计算 3 个区块、6 笔交易').count()).toBe(1);
    await screenshot(page, 'trace-chain-valid');
  });

  it('searches a transaction hash and checks its proof in the browser', async () => {
    const search = page.getByPlaceholder('区块高度、区块哈希或交易哈希');
    await search.fill(tx2.slice(0, 12));
    await search.press('Enter');
    await page.waitForURL(`**/web/trace/block-chain-report/tx/${tx2}`);
    await page.getByRole('button', { name: '校验此交易' }).click();
    await page.getByText('已在本浏览器中校验').waitFor();
    await screenshot(page, 'trace-chain-tx-verified');
    await page.getByRole('link', { name: /^2 · #0$/ }).click();
    await page.waitForURL('**/web/trace/block-chain-report/block/2');
    await page.getByText('LJ-2026-3', { exact: false }).first().waitFor();
  });

  it('reports each published record on the ledger, filtered by lot', async () => {
    await page.goto(`${e.baseUrl}/web/trace/block-chain-report`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(6);
    await page.getByLabel('产品或批次').fill('LJ-2026-3');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain('西湖龙井');
    await screenshot(page, 'trace-chain-report');
  });

  it('names the changed block after a transaction is edited in the database', async () => {
    await e.server.platform.database.withTenant(T, async (db) => {
      await db.execute(sql`reset role`);
      await db.execute(sql`alter table chain_transactions disable trigger chain_transactions_no_change`);
      await db.execute(
        sql`update chain_transactions set meta = jsonb_set(meta, '{batchCode}', '"LJ-FAKE"') where tenant_id = ${T} and tx_hash = ${tx2}`,
      );
      await db.execute(sql`alter table chain_transactions enable trigger chain_transactions_no_change`);
    });
    await page.goto(`${e.baseUrl}/web/trace/block-chain`);
    await page.getByRole('button', { name: '立即校验' }).click();
    await page.getByText('第 2 个区块校验失败').waitFor();
    await page.getByText('第 0 笔交易被改动').waitFor();
    await screenshot(page, 'trace-chain-broken');
    await page.goto(`${e.baseUrl}/web/trace/block-chain-report/tx/${tx2}`);
    await page.getByRole('button', { name: '校验此交易' }).click();
    await page.getByText('校验未通过：交易哈希').waitFor();
  });
});
