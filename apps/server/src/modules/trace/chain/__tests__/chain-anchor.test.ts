import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChainBlockDetail, ChainSummary } from '@tilth/contracts/trace-chain.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSettings, useChainSettings } from '../chain.config.js';
import { anchorRunnerOf } from '../chain.jobs.js';
import { type ChainHarness, chainHarness } from './chain-helpers.js';

// Anchoring to FISCO BCOS through WeBASE-Front, against a local server that answers as WeBASE-Front's
// POST /WeBASE-Front/trans/handle does: the receipt on success, {code, errorMessage} on a refusal.

const USER = '0x7bfa3539c8761978f0a2a1f7f240bde97819fb03';
const CONTRACT = '0x31b26e43651e9371c88af3d36c14cfd938baf4fd';

let mode: 'ok' | 'refuse' | 'revert' = 'ok';
const received: Record<string, unknown>[] = [];
let fake: Server;
let h: ChainHarness;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/WeBASE-Front/trans/handle') {
        res.statusCode = 404;
        res.end('{"code":404,"errorMessage":"not found"}');
        return;
      }
      const b = JSON.parse(body) as Record<string, unknown>;
      received.push(b);
      if (mode === 'refuse') {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 201155, errorMessage: 'user address not exist', data: null }));
        return;
      }
      const n = received.length;
      res.end(
        JSON.stringify({
          transactionHash: `0x${n.toString(16).padStart(64, 'a')}`,
          blockNumber: 1000 + n,
          status: mode === 'revert' ? '0x16' : '0x0',
          statusMsg: mode === 'revert' ? 'RevertInstruction' : 'None',
          gasUsed: '0x5b8d',
        }),
      );
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  const port = (fake.address() as AddressInfo).port;
  h = await chainHarness({
    TILTH_CHAIN_ANCHOR: 'fisco',
    TILTH_CHAIN_FISCO_URL: `http://127.0.0.1:${port}/`,
    TILTH_CHAIN_FISCO_USER: USER,
    TILTH_CHAIN_FISCO_CONTRACT_ADDRESS: CONTRACT,
    TILTH_CHAIN_FISCO_GROUP: '1',
    // The test drives the runner itself.
    TILTH_CHAIN_ANCHOR_TICK_MS: '0',
    TILTH_CHAIN_HASH: 'sm3',
  });
});
afterAll(async () => {
  await h.s.close();
  await new Promise((r) => fake.close(r));
});

const anchorNow = () => anchorRunnerOf(h.s.platform).kick(h.A);
const block = (height: number) => h.ok<ChainBlockDetail>('viewer', 'GET', `blocks/${height}`);

describe('anchoring to FISCO BCOS (WeBASE-Front)', () => {
  it('queues each sealed block and anchors its hash with the receipt as reference', async () => {
    await h.append([h.record(1).item]);
    expect((await block(1)).anchor).toMatchObject({ provider: 'fisco', status: 'pending', attempts: 0 });
    await anchorNow();
    const b = await block(1);
    expect(b.algorithm).toBe('sm3');
    expect(b.anchor).toMatchObject({
      status: 'anchored',
      externalRef: `0x${'1'.padStart(64, 'a')}@1001`,
      error: null,
      attempts: 1,
    });
    expect(received[0]).toMatchObject({
      groupId: '1',
      user: USER,
      contractAddress: CONTRACT,
      funcName: 'anchor',
      funcParam: [`tilth:${h.A}:1`, b.blockHash],
      useCns: false,
    });
    expect(received[0]?.contractAbi).toEqual([expect.objectContaining({ name: 'anchor', type: 'function' })]);
  });

  it("a refusal or a reverted transaction is 'up-chain failed' with the reason, shown and counted", async () => {
    mode = 'refuse';
    await h.append([h.record(2).item]);
    await anchorNow();
    expect((await block(2)).anchor).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/user address not exist/),
    });
    mode = 'revert';
    await h.append([h.record(3).item]);
    await anchorNow();
    expect((await block(3)).anchor).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/RevertInstruction/),
    });
    const s = await h.ok<ChainSummary>('viewer', 'GET', 'summary');
    expect(s).toMatchObject({
      anchorProvider: 'fisco',
      algorithm: 'sm3',
      anchors: { anchored: 1, failed: 2, pending: 0 },
    });
    // Nothing retries by itself: a failed block stays failed until someone asks.
    await anchorNow();
    expect((await block(2)).anchor?.attempts).toBe(1);
  });

  it('a retry (with the anchor permission) sends the block again; an anchored block has nothing to retry', async () => {
    mode = 'ok';
    await h.refused(403, 'viewer', 'POST', 'anchors/2/retry');
    expect((await h.refused(409, 'admin', 'POST', 'anchors/1/retry')).code).toBe(
      'wfpf.chain.anchorNotFailed',
    );
    expect(await h.ok('admin', 'POST', 'anchors/2/retry')).toEqual({ retried: 1 });
    await anchorNow();
    expect((await block(2)).anchor).toMatchObject({ status: 'anchored', attempts: 2, error: null });
    expect(await h.ok('admin', 'POST', 'anchors/retry')).toEqual({ retried: 1 });
    await anchorNow();
    const s = await h.ok<ChainSummary>('viewer', 'GET', 'summary');
    expect(s.anchors).toMatchObject({ anchored: 3, failed: 0, pending: 0 });
    // Tenant B's retry touches nothing of A's.
    const res = await h.call('adminB', 'POST', 'anchors/retry', undefined, h.B);
    expect(res.json()).toEqual({ retried: 0 });
  });

  it('an unreachable WeBASE-Front is up-chain failed too, and the block proof still stands', async () => {
    fake.closeAllConnections();
    const port = (fake.address() as AddressInfo).port;
    await new Promise((r) => fake.close(r));
    await h.append([h.record(4).item]);
    await anchorNow();
    expect((await block(4)).anchor).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/unreachable/),
    });
    await new Promise<void>((r) => fake.listen(port, '127.0.0.1', () => r()));
  });

  it('a sweep finds every tenant, and queues blocks sealed before anchoring was configured', async () => {
    const settings = chainSettings();
    useChainSettings({ ...settings, anchor: 'none' });
    try {
      await h.append([h.record(9).item], h.B);
    } finally {
      useChainSettings(settings);
    }
    const b1 = () => h.ok<ChainBlockDetail>('adminB', 'GET', 'blocks/1', undefined, h.B);
    expect((await b1()).anchor).toBeNull();
    await anchorRunnerOf(h.s.platform).kick();
    expect((await b1()).anchor).toMatchObject({ provider: 'fisco', status: 'anchored', attempts: 1 });
    const last = received.at(-1);
    expect(last?.funcParam).toEqual([`tilth:${h.B}:1`, (await b1()).blockHash]);
  });
});
