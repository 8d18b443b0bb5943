import { describe, expect, it } from 'vitest';
import { algorithmName, type ChainVerification, shortHash } from './chain.api';
import { verificationText } from './chainParts';

// What the console says about a verification, in both languages, from the locale files themselves.

const files = import.meta.glob<Record<string, string>>('../../../locales/*/traceChain.json', {
  eager: true,
  import: 'default',
});
const enUS = files['../../../locales/en-US/traceChain.json'] ?? {};
const zhCN = files['../../../locales/zh-CN/traceChain.json'] ?? {};

const translator =
  (texts: Record<string, string>) =>
  (key: string, o: Record<string, unknown> = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(o[k] ?? ''));

const run = (v: Partial<ChainVerification>): ChainVerification => ({
  id: 1,
  status: 'valid',
  fromHeight: 1,
  toHeight: 10,
  nextHeight: 11,
  checkedBlocks: 10,
  checkedTransactions: 25,
  brokenHeight: null,
  reason: null,
  txIndex: null,
  expected: null,
  actual: null,
  startedAt: '2026-04-01T00:00:00.000Z',
  finishedAt: '2026-04-01T00:00:01.000Z',
  durationMs: 1000,
  startedBy: '1',
  ...v,
});

describe('verification wording', () => {
  it('says what was recomputed, where it broke and why, and how far a run is', () => {
    const en = translator(enUS);
    const zh = translator(zhCN);
    expect(verificationText(run({}), en)).toBe(
      'The ledger is intact. Recomputed: blocks 1–10 (10), transactions: 25.',
    );
    expect(verificationText(run({ toHeight: 0, checkedBlocks: 0 }), zh)).toBe('账本还没有区块。');
    const broken = run({ status: 'broken', brokenHeight: 6, reason: 'tx-hash', txIndex: 2 });
    expect(verificationText(broken, zh)).toBe('第 6 个区块校验失败：第 2 笔交易被改动（哈希与内容不符）');
    expect(verificationText(broken, en)).toBe(
      'Broken at block 6: transaction #2 altered: its hash no longer matches its fields',
    );
    expect(verificationText(run({ status: 'broken', brokenHeight: 3, reason: 'prev-link' }), en)).toMatch(
      /block 3: the link to the previous block is broken/,
    );
    expect(verificationText(run({ status: 'running', nextHeight: 400, toHeight: 1000 }), en)).toBe(
      'Verifying block 400 of 1000…',
    );
  });

  it('names algorithms as their standards do and shortens hashes for tables', () => {
    expect(algorithmName('sha256')).toBe('SHA-256');
    expect(algorithmName('sm3')).toBe('SM3');
    expect(shortHash('0123456789abcdef0123456789abcdef')).toBe('0123456789…89abcdef');
  });
});
