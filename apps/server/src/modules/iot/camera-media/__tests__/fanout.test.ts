import { describe, expect, it } from 'vitest';
import { MAX_GOP_CACHE, TS_PACKET, TsFanout } from '../ts-fanout.js';

// The fan-out's promise to a late viewer: it starts at once from the latest keyframe, with the stream's
// headers first, and never mid-GOP.

const PMT_PID = 0x100;
const VIDEO_PID = 0x101;

const packet = (pid: number, opts: { start?: boolean; key?: boolean; tag?: number } = {}): Buffer => {
  const p = Buffer.alloc(TS_PACKET, 0xff);
  p[0] = 0x47;
  p[1] = (opts.start ? 0x40 : 0) | ((pid >> 8) & 0x1f);
  p[2] = pid & 0xff;
  if (opts.key) {
    p[3] = 0x30; // adaptation field + payload
    p[4] = 7;
    p[5] = 0x40; // random access indicator
  } else p[3] = 0x10;
  if (pid === 0) {
    // PAT: pointer 0, table header, one programme → PMT_PID.
    p[4] = 0;
    p.fill(0, 5, 17);
    p[15] = 0xe0 | (PMT_PID >> 8);
    p[16] = PMT_PID & 0xff;
  }
  p[TS_PACKET - 1] = opts.tag ?? 0;
  return p;
};

const tags = (b: Buffer): number[] => {
  const out: number[] = [];
  for (let at = 0; at < b.length; at += TS_PACKET) out.push(b[at + TS_PACKET - 1] ?? -1);
  return out;
};

const read = (f: TsFanout) => {
  const v = f.add();
  const got: Buffer[] = [];
  v.stream.on('data', (d: Buffer) => got.push(d));
  return () => Buffer.concat(got);
};

describe('MPEG-TS fan-out', () => {
  it('gives a late viewer the headers and the latest GOP at once', async () => {
    const f = new TsFanout();
    f.push(packet(0, { start: true, tag: 1 }));
    f.push(packet(PMT_PID, { start: true, tag: 2 }));
    f.push(Buffer.concat([packet(VIDEO_PID, { tag: 3 }), packet(VIDEO_PID, { key: true, tag: 4 })]));
    f.push(packet(VIDEO_PID, { tag: 5 }));
    const late = read(f);
    await new Promise((r) => setImmediate(r));
    // PAT, PMT, then from the keyframe on: the packet before it (3) is not sent.
    expect(tags(late())).toEqual([1, 2, 4, 5]);
    f.push(packet(VIDEO_PID, { tag: 6 }));
    await new Promise((r) => setImmediate(r));
    expect(tags(late())).toEqual([1, 2, 4, 5, 6]);
  });

  it('waits for the next keyframe when the GOP was too long to keep', async () => {
    const f = new TsFanout();
    f.push(packet(0, { start: true, tag: 1 }));
    f.push(packet(PMT_PID, { start: true, tag: 2 }));
    f.push(packet(VIDEO_PID, { key: true, tag: 3 }));
    const big = Buffer.concat(
      Array.from({ length: Math.ceil(MAX_GOP_CACHE / TS_PACKET) + 1 }, () => packet(VIDEO_PID, { tag: 9 })),
    );
    f.push(big);
    const late = read(f);
    await new Promise((r) => setImmediate(r));
    expect(late().length).toBe(0);
    f.push(packet(VIDEO_PID, { key: true, tag: 7 }));
    await new Promise((r) => setImmediate(r));
    expect(tags(late())).toEqual([1, 2, 7]);
  });
});
