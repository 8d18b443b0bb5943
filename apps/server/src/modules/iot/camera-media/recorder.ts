import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedSpan } from './provider.types.js';

// Recording: an encoder's MPEG-TS cut into segments at keyframes, one file per span of SEGMENT seconds, in
// TILTH_DATA_DIR/camera/rec/<tenant>/<camera>/<startMs>_<endMs>.ts (`<startMs>_open.ts` while written).
// Segments older than the kept hours are deleted.

export interface Segment {
  file: string;
  from: number;
  to: number;
}

export const recDir = (dataDir: string, tenantId: number, cameraId: number): string =>
  path.join(dataDir, 'camera', 'rec', String(tenantId), String(cameraId));

const NAME = /^(\d{13})_(\d{13}|open)\.ts$/;

/** Closed segments of a camera, oldest first (the one being written is listed up to now). */
export const listSegments = async (dir: string, now = Date.now()): Promise<Segment[]> => {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: Segment[] = [];
  for (const n of names) {
    const m = NAME.exec(n);
    if (!m) continue;
    const from = Number(m[1]);
    out.push({ file: path.join(dir, n), from, to: m[2] === 'open' ? now : Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
};

/** Recorded spans in a range: touching segments (gaps under 2 s) merge into one span. */
export const spansOf = (segments: Segment[], from: number, to: number): RecordedSpan[] => {
  const spans: { from: number; to: number }[] = [];
  for (const s of segments) {
    if (s.to <= from || s.from >= to) continue;
    const a = Math.max(from, s.from);
    const b = Math.min(to, s.to);
    const last = spans.at(-1);
    if (last && a - last.to < 2000) last.to = Math.max(last.to, b);
    else spans.push({ from: a, to: b });
  }
  return spans.map((s) => ({ from: new Date(s.from), to: new Date(s.to) }));
};

export class SegmentWriter {
  private out: WriteStream | undefined;
  private file = '';
  private startedAt = 0;
  private closing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly segmentMs: number,
    private readonly headers: () => Buffer,
    private readonly onClosed: () => void,
  ) {}

  /** Takes an aligned chunk; a new segment starts at a keyframe once the current one is long enough. */
  write(chunk: Buffer, keyAt: number): void {
    const now = Date.now();
    if (keyAt >= 0 && (!this.out || now - this.startedAt >= this.segmentMs)) {
      this.rotate(now);
      this.out?.write(Buffer.concat([this.headers(), chunk.subarray(keyAt)]));
      return;
    }
    // Before the first keyframe there is nothing a player could start from.
    this.out?.write(chunk);
  }

  private rotate(now: number): void {
    this.finish(now);
    this.startedAt = now;
    this.file = path.join(this.dir, `${now}_open.ts`);
    const file = this.file;
    mkdirSync(this.dir, { recursive: true });
    this.out = createWriteStream(file, { flags: 'w' });
    this.out.on('error', () => undefined);
  }

  private finish(now: number): void {
    const out = this.out;
    if (!out) return;
    const from = this.startedAt;
    const file = this.file;
    this.out = undefined;
    this.closing = this.closing.then(
      () =>
        new Promise<void>((resolve) => {
          out.end(() => {
            rename(file, path.join(this.dir, `${from}_${now}.ts`))
              .catch(() => undefined)
              .finally(() => {
                this.onClosed();
                resolve();
              });
          });
        }),
    );
  }

  /** Closes the current segment (the encoder stopped). */
  close(): Promise<void> {
    this.finish(Date.now());
    return this.closing;
  }
}

/** Deletes segments that ended before `keepFrom` in every camera folder under `root` (rec/). */
export const pruneSegments = async (root: string, keepFrom: number): Promise<number> => {
  let removed = 0;
  const tenants = await readdir(root).catch(() => [] as string[]);
  for (const t of tenants) {
    const cams = await readdir(path.join(root, t)).catch(() => [] as string[]);
    for (const c of cams) {
      const dir = path.join(root, t, c);
      for (const s of await listSegments(dir)) {
        // An open segment left by a crashed process is as old as its start.
        const end = s.file.endsWith('_open.ts') ? s.from : s.to;
        if (end < keepFrom) {
          await rm(s.file, { force: true });
          removed++;
        }
      }
    }
  }
  return removed;
};

/**
 * Closes segments a stopped process left open (`_open.ts` not written for a minute): their end is their
 * last write. Without it the timeline would show them recording up to now.
 */
export const sealOrphans = async (root: string, now = Date.now()): Promise<number> => {
  let sealed = 0;
  const tenants = await readdir(root).catch(() => [] as string[]);
  for (const t of tenants) {
    const cams = await readdir(path.join(root, t)).catch(() => [] as string[]);
    for (const c of cams) {
      const dir = path.join(root, t, c);
      for (const s of await listSegments(dir, now)) {
        if (!s.file.endsWith('_open.ts')) continue;
        const st = await stat(s.file).catch(() => undefined);
        if (!st || now - st.mtimeMs < 60_000) continue;
        const end = Math.max(s.from, Math.round(st.mtimeMs));
        await rename(s.file, path.join(dir, `${s.from}_${end}.ts`)).catch(() => undefined);
        sealed++;
      }
    }
  }
  return sealed;
};
