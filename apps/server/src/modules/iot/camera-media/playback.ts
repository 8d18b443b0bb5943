import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Segment } from './recorder.js';
import type { TsViewer } from './ts-fanout.js';

// Playback of recorded segments from a time, at 1×, 2× or 4×: ffmpeg reads the segments (concat demuxer,
// the first one entered at the asked time) `speed` times faster than real time (-readrate) and compresses
// the timestamps by the same factor (setpts), so the player plays in real time what spans `speed` times
// as long, and the stream ends `speed` times sooner. Re-encoded at the live stream's settings; a viewer's
// pace holds ffmpeg back through the pipe, so nothing is buffered without limit.

export interface PlaybackSpec {
  ffmpeg: string;
  segments: Segment[];
  from: number;
  to: number;
  speed: 1 | 2 | 4;
  width: number;
  height: number;
  fps: number;
  kbps: number;
}

const quote = (f: string): string => `'${f.replace(/'/g, "'\\''")}'`;

export const startPlayback = async (spec: PlaybackSpec): Promise<TsViewer> => {
  const parts = spec.segments.filter((s) => s.to > spec.from && s.from < spec.to);
  const lines = ['ffconcat version 1.0'];
  for (const s of parts) {
    lines.push(`file ${quote(s.file)}`);
    if (spec.from > s.from) lines.push(`inpoint ${((spec.from - s.from) / 1000).toFixed(3)}`);
    if (spec.to < s.to) lines.push(`outpoint ${((spec.to - s.from) / 1000).toFixed(3)}`);
  }
  const list = path.join(
    tmpdir(),
    `tilth-pb-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`,
  );
  await writeFile(list, `${lines.join('\n')}\n`);
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-readrate', String(spec.speed)],
    ...['-f', 'concat', '-safe', '0', '-i', list],
    ...[
      '-vf',
      `setpts=(PTS-STARTPTS)/${spec.speed},scale=${spec.width}:${spec.height}`,
      '-an',
      '-r',
      String(spec.fps),
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
    ...['-pix_fmt', 'yuv420p', '-g', String(spec.fps), '-b:v', `${spec.kbps}k`],
    ...['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', '-flush_packets', '1', 'pipe:1'],
  ];
  const proc = spawn(spec.ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const cleanup = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    void rm(list, { force: true }).catch(() => undefined);
  };
  proc.on('exit', cleanup);
  proc.on('error', cleanup);
  const stream = proc.stdout;
  stream.on('close', cleanup);
  return {
    stream,
    end: () => {
      cleanup();
      stream.destroy();
    },
  };
};
