import path from 'node:path';
import { AppError } from '../../../platform/errors.js';
import { fetchToFile, storeFile, withScratchDir } from '../../../platform/files/scratch.js';
import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import { MediaErrors } from './media.errors.js';
import { posterKey, videoKey } from './video.files.js';
import { makePoster } from './video.probe.js';
import { claimVideo, setVideoState, type VideoRow } from './video.repository.js';

// Posters of uploaded promo videos are made here, one at a time per process. The row is claimed in the
// database (heartbeat_at), so a restart mid-way leaves a 'processing' row that the sweep redoes once stale.

const TICK_MS = Number(process.env.TILTH_MEDIA_VIDEO_TICK ?? 30_000);
export const VIDEO_STALE_MS = 2 * 60_000;

export class VideoPosterRunner extends TenantQueueRunner<VideoRow> {
  constructor(
    private readonly platform: Platform,
    log: () => JobLog,
  ) {
    super('promo-video', () => listTenantIds(platform.database.db), log);
  }

  protected claim(tenantId: number): Promise<VideoRow | null | undefined> {
    return this.platform.database.withTenant(tenantId, (tx) =>
      claimVideo(tx, tenantId, Date.now() - VIDEO_STALE_MS),
    );
  }

  private setState(row: VideoRow, v: Parameters<typeof setVideoState>[4]): Promise<boolean> {
    return this.platform.database.withTenant(row.tenantId, (tx) =>
      setVideoState(tx, row.tenantId, row.id, row.assetKey, v),
    );
  }

  protected async run(row: VideoRow): Promise<void> {
    const { storage } = this.platform;
    const poster = posterKey(row.tenantId, row.assetKey);
    try {
      await this.setState(row, { progress: 20 });
      // ffmpeg reads and writes paths: a scratch copy of the video in, the poster stored back.
      await withScratchDir(this.platform.config.scratchDir, 'poster', async (dir) => {
        const video = path.join(dir, 'video');
        if (!(await fetchToFile(storage, videoKey(row.tenantId, row.assetKey, row.contentType), video))) {
          throw MediaErrors.videoNotFound();
        }
        await makePoster(video, row.durationMs, path.join(dir, 'poster.jpg'));
        await storeFile(storage, poster, path.join(dir, 'poster.jpg'));
      });
      await this.setState(row, { status: 'ready', progress: 100 });
    } catch (err) {
      await storage.remove(poster).catch(() => undefined);
      const code = err instanceof AppError ? err.code : MediaErrors.defs.videoFailed.code;
      this.log().error({ err, id: row.id }, 'promo video poster failed');
      await this.setState(row, { status: 'failed', error: code }).catch(() => undefined);
    }
  }
}

export const videoRunnerOf = runnerPerKey((platform: Platform, log) => new VideoPosterRunner(platform, log));

/** Sweeps every tenant's waiting videos (also those a restart interrupted). */
export const mediaJobs = (platform: Platform, log: () => JobLog): Job[] =>
  queueRunnerJobs('content-video-posters', TICK_MS, () => videoRunnerOf(platform, log), log);
