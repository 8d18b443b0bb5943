import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../platform/errors.js';
import { fetchToFile, withScratchDir } from '../../../platform/files/scratch.js';
import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { assetKeys, assetPrefix, makePanoramaAssets } from './panorama.assets.js';
import { PanoramaErrors } from './panorama.errors.js';
import { claimPanorama, nextClaimable, type PanoramaRow, setPanoramaState } from './panorama.repository.js';

// Uploaded panoramas are tiled here, in the background, one at a time per process. A row is claimed in the
// database (heartbeat_at), so two processes never tile the same one; the heartbeat moves with the progress
// every half second, and a 'processing' row silent for STALE_MS lost its process (a restart) and is redone.

const TICK_MS = Number(process.env.TILTH_PANORAMA_TICK ?? 30_000);
export const PANORAMA_STALE_MS = 2 * 60_000;
const BEAT_MS = 500;

class Lost extends Error {}

/** Scratch space of the runner and the upload (same disk as local storage: no cross-device copies). */
/** Scratch for the tiler (sharp needs a path): under TILTH_SCRATCH_DIR, never in file storage. */
export const panoramaTempDir = (scratchDir: string): string => path.join(scratchDir, 'panorama');

export class PanoramaRunner extends TenantQueueRunner<PanoramaRow> {
  constructor(
    private readonly platform: Platform,
    log: () => JobLog,
  ) {
    super('panorama', () => listTenantIds(platform.database.db), log);
  }

  protected claim(tenantId: number): Promise<PanoramaRow | null | undefined> {
    const staleBefore = Date.now() - PANORAMA_STALE_MS;
    return this.platform.database.withTenant(tenantId, async (tx) => {
      const id = await nextClaimable(tx, tenantId, staleBefore);
      return id === undefined ? undefined : ((await claimPanorama(tx, tenantId, id, staleBefore)) ?? null);
    });
  }

  protected run(row: PanoramaRow): Promise<void> {
    return this.make(row);
  }

  private setState(row: PanoramaRow, v: Parameters<typeof setPanoramaState>[4]): Promise<boolean> {
    return this.platform.database.withTenant(row.tenantId, (tx) =>
      setPanoramaState(tx, row.tenantId, row.id, row.assetKey, v),
    );
  }

  private async make(row: PanoramaRow): Promise<void> {
    const { storage, config } = this.platform;
    const prefix = assetPrefix(row.tenantId, row.assetKey);
    let progress = 0;
    let lost = false;
    // The heartbeat: progress (and so liveness) every BEAT_MS; a row gone or replaced stops mattering.
    let beat = Promise.resolve();
    const timer = setInterval(() => {
      beat = beat
        .then(async () => {
          if (!lost && !(await this.setState(row, { progress: Math.min(99, Math.round(progress * 100)) })))
            lost = true;
        })
        // A missed beat is retried by the next one; only silence for PANORAMA_STALE_MS loses the row.
        .catch((err: unknown) => this.log().error({ err }, 'panorama progress not written'));
    }, BEAT_MS);
    try {
      // A fresh directory per attempt: another process (or another deployment sharing the scratch disk)
      // may be tiling a row with the same tenant and id, and must not see its tiles removed under it.
      const made = await withScratchDir(
        panoramaTempDir(config.scratchDir),
        `job-${row.tenantId}-${row.id}`,
        async (work) => {
          const source = path.join(work, 'source');
          if (!(await fetchToFile(storage, row.storageKey, source))) throw PanoramaErrors.failedLost();
          progress = 0.05;
          return makePanoramaAssets(storage, source, prefix, {
            maxPixels: config.panoramaMaxPixels,
            workDir: path.join(work, 'tiles'),
            onProgress: (p) => {
              progress = 0.05 + 0.94 * p;
            },
          });
        },
      );
      clearInterval(timer);
      await beat;
      if (lost || !(await this.setState(row, { status: 'ready', progress: 100, tiles: made.tiles })))
        throw new Lost();
    } catch (err) {
      clearInterval(timer);
      await beat.catch(() => undefined);
      // Whatever was stored of this attempt goes; a later attempt (or nobody) makes it again.
      await Promise.all(assetKeys(prefix, row.width).map((k) => storage.remove(k).catch(() => undefined)));
      if (!(err instanceof Lost)) {
        const code =
          err instanceof AppError
            ? err.code
            : /vips|sharp|Input|image/i.test(String(err))
              ? PanoramaErrors.defs.failedUnreadable.code
              : PanoramaErrors.defs.failed.code;
        if (code === PanoramaErrors.defs.failed.code)
          this.log().error({ err, id: row.id }, 'panorama tiling failed');
        await this.setState(row, { status: 'failed', error: code }).catch(() => undefined);
      }
    } finally {
      clearInterval(timer);
    }
  }
}

/** The process's runner (the upload route kicks it; the job sweeps and stops it). */
export const panoramaRunnerOf = runnerPerKey((platform: Platform, log) => new PanoramaRunner(platform, log));

/** Scratch entries older than this belong to no running work (a tiling takes seconds, an upload writes on). */
export const PANORAMA_SCRATCH_MAX_AGE_MS = 60 * 60_000;

/**
 * Removes what a killed process left in the panorama scratch (tiling and demo directories, half uploads):
 * `finally` never ran there. Entries are judged by age, so those of another live process are kept.
 */
export const sweepPanoramaScratch = async (scratchDir: string): Promise<number> => {
  const now = Date.now();
  const dir = panoramaTempDir(scratchDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const p = path.join(dir, name);
    const st = await stat(p).catch(() => undefined);
    if (!st || now - st.mtimeMs < PANORAMA_SCRATCH_MAX_AGE_MS) continue;
    await rm(p, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
};

/** Sweeps every tenant's waiting panoramas (also those a restart interrupted, once their heartbeat is stale). */
export const panoramaJobs = (platform: Platform, log: () => JobLog): Job[] => [
  ...queueRunnerJobs('vr-panorama-tiles', TICK_MS, () => panoramaRunnerOf(platform, log), log),
  {
    name: 'vr-panorama-scratch',
    // Once at start, in the background: a leftover never delays the start.
    start: () => {
      sweepPanoramaScratch(platform.config.scratchDir).catch((err: unknown) =>
        log().error({ err }, 'panorama scratch not swept'),
      );
      return undefined;
    },
  },
];
