import { PassThrough, type Readable } from 'node:stream';

// MPEG-TS fan-out: one encoder's output shared by every viewer of a camera. A late joiner gets the last
// PAT and PMT and the stream from the latest keyframe (the packet whose adaptation field carries the
// random-access indicator) at once — the GOP kept in memory, as media servers do — so its player starts
// cleanly without waiting for the next keyframe. A viewer that does not keep up is dropped: its buffer
// never grows past MAX_VIEWER_BUFFER.

export const TS_PACKET = 188;
/** Bytes a viewer may have waiting before it is dropped (about 10 s of 720p at 1.5 Mbit/s). */
export const MAX_VIEWER_BUFFER = 2 * 1024 * 1024;
/** The latest GOP is kept up to this size (a 1 s GOP of 720p is ~200 KB); a longer one is not cached. */
export const MAX_GOP_CACHE = 1024 * 1024;

const pidOf = (p: Buffer, at: number): number => (((p[at + 1] ?? 0) & 0x1f) << 8) | (p[at + 2] ?? 0);
const payloadStart = (p: Buffer, at: number): boolean => ((p[at + 1] ?? 0) & 0x40) !== 0;
const randomAccess = (p: Buffer, at: number): boolean => {
  const afc = ((p[at + 3] ?? 0) >> 4) & 0x3;
  return (afc === 2 || afc === 3) && (p[at + 4] ?? 0) > 0 && ((p[at + 5] ?? 0) & 0x40) !== 0;
};

export interface TsViewer {
  readonly stream: Readable;
  /** Ends this viewer (revoked session, shutdown): its answer is closed. */
  end(): void;
}

interface Slot {
  out: PassThrough;
  started: boolean;
}

export class TsFanout {
  private rest = Buffer.alloc(0);
  private pat: Buffer | undefined;
  private pmt: Buffer | undefined;
  private pmtPid = -1;
  private readonly slots = new Set<Slot>();
  /** The stream since the latest keyframe (empty when none yet, or when the GOP outgrew the cache). */
  private gop: Buffer[] = [];
  private gopBytes = 0;
  /** Called with each aligned chunk and the offset of its first keyframe packet (−1: none). */
  onChunk: ((chunk: Buffer, keyAt: number) => void) | undefined;
  onEmpty: (() => void) | undefined;

  get size(): number {
    return this.slots.size;
  }

  /** The stream headers (PAT + PMT), for a recorder that starts mid-stream. */
  headers(): Buffer {
    return this.pat && this.pmt ? Buffer.concat([this.pat, this.pmt]) : Buffer.alloc(0);
  }

  add(): TsViewer {
    const slot: Slot = { out: new PassThrough({ highWaterMark: 256 * 1024 }), started: false };
    this.slots.add(slot);
    if (this.pat && this.pmt && this.gop.length > 0) {
      slot.started = true;
      slot.out.write(Buffer.concat([this.pat, this.pmt, ...this.gop]));
    }
    const drop = () => {
      if (!this.slots.delete(slot)) return;
      if (this.slots.size === 0) this.onEmpty?.();
    };
    slot.out.on('close', drop);
    return {
      stream: slot.out,
      end: () => {
        drop();
        slot.out.destroy();
      },
    };
  }

  /** Ends every viewer. */
  endAll(): void {
    for (const s of [...this.slots]) s.out.destroy();
    this.slots.clear();
  }

  push(data: Buffer): void {
    let buf = this.rest.length > 0 ? Buffer.concat([this.rest, data]) : data;
    // Resynchronise on the sync byte if the pipe ever hands us a partial packet first.
    let start = 0;
    while (start < buf.length && buf[start] !== 0x47) start++;
    const usable = Math.floor((buf.length - start) / TS_PACKET) * TS_PACKET;
    this.rest = Buffer.from(buf.subarray(start + usable));
    buf = buf.subarray(start, start + usable);
    if (buf.length === 0) return;
    let keyAt = -1;
    for (let at = 0; at < buf.length; at += TS_PACKET) {
      const pid = pidOf(buf, at);
      if (pid === 0 && payloadStart(buf, at)) {
        this.pat = Buffer.from(buf.subarray(at, at + TS_PACKET));
        // The first programme's PMT PID (PAT section: pointer, then 8 header bytes, then the entries).
        const p = at + 5 + (buf[at + 4] ?? 0);
        this.pmtPid = (((buf[p + 10] ?? 0) & 0x1f) << 8) | (buf[p + 11] ?? 0);
      } else if (pid === this.pmtPid && payloadStart(buf, at)) {
        this.pmt = Buffer.from(buf.subarray(at, at + TS_PACKET));
      } else if (keyAt < 0 && randomAccess(buf, at)) {
        keyAt = at;
      }
    }
    this.onChunk?.(buf, keyAt);
    if (keyAt >= 0) {
      this.gop = [buf.subarray(keyAt)];
      this.gopBytes = buf.length - keyAt;
    } else if (this.gop.length > 0) {
      this.gopBytes += buf.length;
      if (this.gopBytes > MAX_GOP_CACHE) this.gop = [];
      else this.gop.push(buf);
    }
    for (const slot of [...this.slots]) {
      if (!slot.started) {
        if (keyAt < 0 || !this.pat || !this.pmt) continue;
        slot.started = true;
        slot.out.write(Buffer.concat([this.pat, this.pmt, buf.subarray(keyAt)]));
      } else {
        slot.out.write(buf);
      }
      // A viewer that cannot keep up is dropped rather than buffered without limit.
      if (slot.out.writableLength > MAX_VIEWER_BUFFER) slot.out.destroy();
    }
  }
}
