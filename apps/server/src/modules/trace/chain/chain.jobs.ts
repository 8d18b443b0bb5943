import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { AnchorFailed, anchorProviderOf, type ChainAnchorProvider } from './chain.anchor.js';
import { parseChainSettings } from './chain.config.js';
import * as repo from './chain.repository.js';

// Anchors sealed blocks in the background, oldest first, one at a time per process. A row is claimed
// ('anchoring', attempts + 1) in its own transaction, so two processes never send the same block; one left
// 'anchoring' by a dead process is claimed again after STALE_MS. A failure is kept as 'failed' with its
// reason (the console shows 'up-chain failed' and offers a retry) — never retried in a loop.

export const ANCHOR_STALE_MS = 2 * 60_000;

interface Claimed {
  row: repo.AnchorRow;
  blockHash: string;
}

export class AnchorRunner extends TenantQueueRunner<Claimed> {
  constructor(
    private readonly platform: Platform,
    private readonly provider: () => ChainAnchorProvider | null,
    log: () => JobLog,
  ) {
    super(
      'chain-anchor',
      async () => {
        const p = this.provider();
        if (!p) return [];
        const tenants = await listTenantIds(platform.database.db);
        // Once per process: blocks sealed before anchoring was configured are queued too.
        if (!this.backfilled) {
          this.backfilled = true;
          for (const t of tenants)
            await platform.database.withTenant(t, (tx) => repo.queueUnanchored(tx, t, p.name));
        }
        return tenants;
      },
      log,
    );
  }

  private backfilled = false;

  protected async claim(tenantId: number): Promise<Claimed | null | undefined> {
    const p = this.provider();
    if (!p) return undefined;
    return this.platform.database.withTenant(tenantId, async (tx) => {
      const row = await repo.claimAnchor(tx, tenantId, p.name, new Date(Date.now() - ANCHOR_STALE_MS));
      if (!row) return undefined;
      const block = await repo.findBlock(tx, tenantId, row.height);
      if (!block) {
        await repo.settleAnchor(tx, tenantId, row.height, p.name, {
          status: 'failed',
          error: 'block missing',
        });
        return null;
      }
      return { row, blockHash: block.blockHash };
    });
  }

  protected async run({ row, blockHash }: Claimed): Promise<void> {
    const p = this.provider();
    if (!p) return;
    let settled: Parameters<typeof repo.settleAnchor>[4];
    try {
      settled = { status: 'anchored', externalRef: await p.anchor(blockHash, row.height, row.tenantId) };
    } catch (err) {
      if (!(err instanceof AnchorFailed)) this.log().error({ err, height: row.height }, 'anchoring failed');
      settled = { status: 'failed', error: (err as Error).message.slice(0, 500) };
    }
    await this.platform.database.withTenant(row.tenantId, (tx) =>
      repo.settleAnchor(tx, row.tenantId, row.height, p.name, settled),
    );
  }
}

// The provider of this server's own settings (several test servers may share a process).
const providerOf = (platform: Platform) => {
  const provider = anchorProviderOf(parseChainSettings(platform.config.chain));
  return () => provider;
};

/** The process's anchoring runner (the retry route kicks it; the job sweeps and stops it). */
export const anchorRunnerOf = runnerPerKey(
  (platform: Platform, log) => new AnchorRunner(platform, providerOf(platform), log),
);

/** Sweeps every tenant's waiting anchors (TILTH_CHAIN_ANCHOR_TICK_MS; none when anchoring is off). */
export const chainJobs = (platform: Platform, log: () => JobLog): Job[] => {
  const s = parseChainSettings(platform.config.chain);
  if (s.anchor === 'none' || s.anchorTickMs === 0) return [];
  return queueRunnerJobs('trace-chain-anchor', s.anchorTickMs, () => anchorRunnerOf(platform, log), log);
};
