import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, VIDEO_RATIO_SLACK } from '@tilth/contracts/media.types';
import { MediaErrors } from './media.errors.js';

// A promo video upload: streamed to a temp file with the 30 MB bound enforced while it arrives, its
// container sniffed from the first bytes, then measured by ffprobe (duration, picture size) and held to
// spec 03 §5 (≤ 60 s, 16:9 or 1:1 within 1 %). A refused upload leaves nothing behind.

const run = promisify(execFile);

export interface ProbedVideo {
  contentType: 'video/mp4' | 'video/webm';
  size: number;
  durationMs: number;
  width: number;
  height: number;
}

export const sniffVideo = (head: Buffer): ProbedVideo['contentType'] | undefined => {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  return undefined;
};

/** 16:9 or 1:1, each within VIDEO_RATIO_SLACK. */
export const ratioFits = (width: number, height: number): boolean => {
  if (width <= 0 || height <= 0) return false;
  const r = width / height;
  return Math.abs(r / (16 / 9) - 1) <= VIDEO_RATIO_SLACK || Math.abs(r - 1) <= VIDEO_RATIO_SLACK;
};

interface FfprobeAnswer {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
}

/** ffprobe's reading of a file: container, duration and the first picture track's size. */
export const probeVideo = async (file: string) => {
  let out: string;
  try {
    ({ stdout: out } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 20_000, maxBuffer: 1024 * 1024 },
    ));
  } catch {
    throw MediaErrors.videoUnreadable();
  }
  const a = JSON.parse(out) as FfprobeAnswer;
  const video = a.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const seconds = Number(a.format?.duration ?? video?.duration ?? Number.NaN);
  if (!video?.width || !video.height || !Number.isFinite(seconds)) throw MediaErrors.videoUnreadable();
  return {
    formatName: a.format?.format_name ?? '',
    durationMs: Math.round(seconds * 1000),
    width: video.width,
    height: video.height,
  };
};

/** Receives, sniffs and measures one upload into `tempPath`; throws the spec's text for each limit. */
export const receiveVideo = async (
  stream: Readable & { truncated?: boolean },
  tempPath: string,
  maxBytes = VIDEO_MAX_BYTES,
): Promise<ProbedVideo> => {
  const out = createWriteStream(tempPath);
  const closed = once(out, 'close');
  closed.catch(() => undefined);
  let size = 0;
  let contentType: ProbedVideo['contentType'] | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes || stream.truncated) throw MediaErrors.videoTooLarge();
      if (!contentType) {
        contentType = sniffVideo(chunk);
        if (!contentType) throw MediaErrors.videoType();
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (stream.truncated) throw MediaErrors.videoTooLarge();
    if (size === 0 || !contentType) throw MediaErrors.noFile();
    out.end();
    await closed;
    const p = await probeVideo(tempPath);
    // The container must be what the bytes said (a QuickTime file is not an MP4 the browsers play).
    const fits = contentType === 'video/mp4' ? /mp4/.test(p.formatName) : /webm|matroska/.test(p.formatName);
    if (!fits) throw MediaErrors.videoType();
    if (p.durationMs > VIDEO_MAX_SECONDS * 1000 + 50)
      throw MediaErrors.videoTooLong({ seconds: (p.durationMs / 1000).toFixed(1) });
    if (!ratioFits(p.width, p.height)) throw MediaErrors.videoRatio({ width: p.width, height: p.height });
    return { contentType, size, durationMs: p.durationMs, width: p.width, height: p.height };
  } catch (err) {
    out.destroy();
    await closed.catch(() => undefined);
    await rm(tempPath, { force: true });
    throw err;
  }
};

/** The poster: the frame at 1 s (at 10 % of a video not longer than that), at most 1280 wide, as JPEG. */
export const makePoster = async (video: string, durationMs: number, poster: string): Promise<void> => {
  const at = durationMs > 1000 ? 1 : (durationMs * 0.1) / 1000;
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(1280,iw)':-2",
      '-q:v',
      '3',
      poster,
    ],
    { timeout: 60_000 },
  );
};
