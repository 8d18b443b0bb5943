import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TIMELAPSE_MAX_FRAMES } from '@tilth/contracts/camera-timelapse.types';
import { storeFile, withScratchDir } from '../../../platform/files/scratch.js';
import type { Job, JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { queueRunnerJobs, runnerPerKey, TenantQueueRunner } from '../../../platform/queue-runner.js';
import { dayOf } from '../../../platform/time/zone.js';
import { listTenantIds } from '../../identity/tenant/index.js';
import {
  claimTimelapse,
  nextClaimable,
  type StillRef,
  setTimelapseState,
  stillsOf,
  type TimelapseJob,
} from './camera-timelapse.repository.js';

// Growth time-lapses are made here, in the background, one at a time per process (so one per tenant too):
// the stills are copied out of file storage in time order, Debian's ffmpeg scales and pads them to one
// size, burns the day into a corner and encodes H.264 with +faststart; `-progress pipe:1` moves the row's
// progress. A job runs at most TIME_LIMIT_MS; a row deleted meanwhile stops its ffmpeg. Jobs are claimed in
// the database, so two processes never make the same one, and one left running by a dead process is redone.

const TICK_MS = Number(process.env.TILTH_TIMELAPSE_TICK ?? 30_000);
const TIME_LIMIT_MS = Number(process.env.TILTH_TIMELAPSE_TIME_LIMIT ?? 10 * 60_000);
/** Progress is written at least every few seconds while a job runs; silence this long means it was lost. */
const STALE_MS = 2 * 60_000;
const SIZES = { sd: [854, 480], hd: [1280, 720] } as const;
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];

/** The MP4's key in file storage (kept in the row's video_path). */
export const timelapseKey = (tenantId: number, id: number): string =>
  `camera/timelapse/${tenantId}/${id}.mp4`;

/** Evenly spread picks of at most `max` items, first and last kept. */
export const sampleEvenly = <T>(items: T[], max: number): T[] => {
  if (items.length <= max) return items;
  const out: T[] = [];
  for (let i = 0; i < max; i += 1) {
    const item = items[Math.round((i * (items.length - 1)) / (max - 1))];
    if (item !== undefined) out.push(item);
  }
  return out;
};

/** sendcmd script: from each frame whose day differs from the one before, drawtext shows that day. */
export const dayScript = (days: string[], fps: number): string => {
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= days.length; i += 1) {
    if (i < days.length && days[i] === days[start]) continue;
    lines.push(
      `${(start / fps).toFixed(4)}-${(i / fps).toFixed(4)} [enter] drawtext reinit 'text=${days[start]}';`,
    );
    start = i;
  }
  return `${lines.join('\n')}\n`;
};

class Cancelled extends Error {}

export class TimelapseRunner extends TenantQueueRunner<TimelapseJob> {
  private child: ChildProcess | undefined;

  constructor(
    private readonly platform: Platform,
    log: () => JobLog,
  ) {
    super('time-lapse', () => listTenantIds(platform.database.db), log);
  }

  protected claim(tenantId: number): Promise<TimelapseJob | null | undefined> {
    // A job running without a progress update for this long lost its process (restart, crash).
    const staleBefore = new Date(Date.now() - STALE_MS);
    return this.platform.database.withTenant(tenantId, async (tx) => {
      const id = await nextClaimable(tx, tenantId, staleBefore);
      return id === undefined ? undefined : ((await claimTimelapse(tx, tenantId, id, staleBefore)) ?? null);
    });
  }

  protected run(job: TimelapseJob): Promise<void> {
    return this.make(job);
  }

  protected override interrupt(): void {
    this.child?.kill('SIGKILL');
  }

  private async setState(row: { tenantId: number; id: number }, v: Parameters<typeof setTimelapseState>[3]) {
    const ok = await this.platform.database.withTenant(row.tenantId, (tx) =>
      setTimelapseState(tx, row.tenantId, row.id, v),
    );
    if (!ok) throw new Cancelled('deleted');
  }

  private async make(row: TimelapseJob): Promise<void> {
    const key = timelapseKey(row.tenantId, row.id);
    try {
      const all = await this.platform.database.withTenant(row.tenantId, (tx) =>
        stillsOf(tx, row.tenantId, {
          landId: row.landId,
          cameraId: row.cameraId,
          from: row.fromAt,
          to: row.toAt,
        }),
      );
      const stills = sampleEvenly(all, TIMELAPSE_MAX_FRAMES);
      if (stills.length < 2) throw new Error(`fewer than 2 stills (${stills.length})`);
      // Frames and the encoded MP4 are scratch (ffmpeg works on paths); the MP4 is then stored.
      const { frames, size } = await withScratchDir(
        this.platform.config.scratchDir,
        'timelapse',
        async (work) => {
          const deadline = Date.now() + TIME_LIMIT_MS;
          const kept = await this.copyFrames(row, stills, work, deadline);
          const days = kept.map((s) => dayOf(s.takenAt, row.timeZone));
          await writeFile(path.join(work, 'days.txt'), dayScript(days, row.fps));
          const out = path.join(work, 'out.mp4');
          await this.encode(row, work, out, kept.length, deadline);
          await storeFile(this.platform.storage, key, out);
          return { frames: kept.length, size: (await stat(out)).size };
        },
      );
      try {
        await this.setState(row, { status: 'done', progress: 100, frames, videoPath: key, videoSize: size });
      } catch (err) {
        await this.platform.storage.remove(key).catch(() => undefined);
        throw err;
      }
    } catch (err) {
      if (!(err instanceof Cancelled)) {
        const message = err instanceof Error ? err.message : String(err);
        await this.setState(row, { status: 'failed', error: message.slice(0, 500) }).catch(() => undefined);
      }
    }
  }

  /** Copies the stills' bytes out of storage (progress 1–20); a still whose bytes are gone is skipped. */
  private async copyFrames(row: TimelapseJob, stills: StillRef[], work: string, deadline: number) {
    const kept: StillRef[] = [];
    let reported = Date.now();
    for (const s of stills) {
      if (this.stopped) throw new Cancelled('stopped');
      if (Date.now() > deadline) throw new Error('time limit reached');
      const body = await this.platform.storage.get(s.storageKey);
      if (!body) continue;
      await pipeline(
        body,
        createWriteStream(path.join(work, `f${String(kept.length + 1).padStart(5, '0')}.jpg`)),
      );
      kept.push(s);
      if (Date.now() - reported > 500) {
        reported = Date.now();
        await this.setState(row, { progress: 1 + Math.floor((19 * kept.length) / stills.length) });
      }
    }
    if (kept.length < 2) throw new Error(`fewer than 2 stills readable (${kept.length})`);
    return kept;
  }

  /** ffmpeg over the frames (progress 20–99 from its frame count). */
  private encode(row: TimelapseJob, work: string, out: string, frames: number, deadline: number) {
    const [w, h] = SIZES[row.quality === 'hd' ? 'hd' : 'sd'];
    const font = FONTS.find((f) => existsSync(f));
    const filters = [
      `scale=${w}:${h}:force_original_aspect_ratio=decrease`,
      `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
      'setsar=1',
    ];
    // Without a font the date is left out rather than failing the job.
    if (font) {
      filters.unshift(`sendcmd=f=${path.join(work, 'days.txt')}`);
      filters.push(
        `drawtext=fontfile=${font}:text=-:x=w-tw-24:y=h-th-24:fontsize=${Math.round(h / 20)}:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=8`,
      );
    }
    const args = [
      ...['-y', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1'],
      ...['-framerate', String(row.fps), '-i', path.join(work, 'f%05d.jpg')],
      ...['-vf', filters.join(','), '-frames:v', String(frames)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', row.quality === 'hd' ? '21' : '24'],
      ...['-pix_fmt', 'yuv420p', '-r', String(row.fps), '-movflags', '+faststart', '-threads', '2', out],
    ];
    return new Promise<void>((resolve, reject) => {
      const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child;
      let stderr = '';
      let pending = Promise.resolve();
      let reported = 0;
      let failed: unknown;
      const timer = setTimeout(
        () => {
          failed = new Error('time limit reached');
          child.kill('SIGKILL');
        },
        Math.max(1, deadline - Date.now()),
      );
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
      });
      child.stdout.on('data', (d: Buffer) => {
        const m = /frame=(\d+)\s*$/m.exec(d.toString());
        if (!m || Date.now() - reported < 400) return;
        reported = Date.now();
        const progress = Math.min(99, 20 + Math.floor((79 * Number(m[1])) / frames));
        pending = pending
          .then(() => this.setState(row, { progress }))
          .catch((err: unknown) => {
            failed = err;
            child.kill('SIGKILL');
          });
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        this.child = undefined;
        void pending.then(() => {
          if (failed) reject(failed);
          else if (this.stopped) reject(new Cancelled('stopped'));
          else if (code !== 0) reject(new Error(`ffmpeg exited ${code}: ${stderr.trim().slice(-300)}`));
          else resolve();
        });
      });
    });
  }
}

/** The process's runner (the routes kick it; the job sweeps and stops it). */
export const timelapseRunnerOf = runnerPerKey(
  (platform: Platform, log) => new TimelapseRunner(platform, log),
);

/** Sweeps every tenant's pending time-lapses (also picks up those a restart interrupted). */
export const timelapseJobs = (platform: Platform, log: () => JobLog): Job[] =>
  queueRunnerJobs('camera-timelapse', TICK_MS, () => timelapseRunnerOf(platform, log), log);
