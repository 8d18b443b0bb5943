import { type ChildProcess, spawn } from 'node:child_process';
import type { LiveSource } from './hub.js';
import { CameraOfflineError, type CameraRef, type Quality } from './provider.types.js';
import { type RtspConfig, rtspConfigOf, withCredentials } from './rtsp.config.js';
import { checkedRtspUrl } from './rtsp-guard.js';
import { probeRtsp } from './rtsp-probe.js';
import { TsFanout } from './ts-fanout.js';

// An RTSP camera's live stream: one ffmpeg pulls RTSP over TCP and repackages the video into MPEG-TS on
// stdout without re-encoding when it is H.264 or H.265 (mpegts.js plays both; H.265 where the browser
// decodes HEVC). Other codecs, or `rtspTranscode: true` on the camera (H.265 for browsers without HEVC),
// are encoded to H.264. The hub fans it out, records it and stops it as for the demo camera.

/** The address a quality plays from, checked against the SSRF guard now (DNS may have changed). */
export const connectUrl = async (cfg: RtspConfig, quality: Quality): Promise<{ url: URL; field: string }> => {
  const sd = quality === 'sd' && cfg.rtspUrlSd !== undefined;
  const field = sd ? 'config.rtspUrlSd' : 'config.rtspUrl';
  const checked = await checkedRtspUrl((sd ? cfg.rtspUrlSd : cfg.rtspUrl) ?? '', field);
  return { url: checked.url, field };
};

const PLAYABLE = new Set(['h264', 'h265']);

export interface RtspSourceSpec {
  ffmpeg: string;
  ref: CameraRef;
  quality: Quality;
  /** Frames per second of a transcode (copy keeps the camera's). */
  fps: number;
  kbps: number;
}

export class RtspSource implements LiveSource {
  readonly fanout = new TsFanout();
  private proc: ChildProcess | undefined;
  private stopped = false;
  firstByteAt: number | undefined;
  readonly startedAt = Date.now();
  onExit: (() => void) | undefined;
  /** What the camera sends and whether it was copied (tests, diagnostics). */
  codec: string | undefined;
  copied = false;

  constructor(private readonly spec: RtspSourceSpec) {}

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Checks the address, asks the camera what it sends, then starts ffmpeg; offline → CameraOfflineError. */
  async start(): Promise<void> {
    const cfg = rtspConfigOf(this.spec.ref.config);
    const { url } = await connectUrl(cfg, this.spec.quality);
    const probe = await probeRtsp(url, cfg.user, cfg.password);
    if (probe.status !== 200) throw new CameraOfflineError(`rtsp ${probe.status || 'unreachable'}`);
    if (this.stopped) return;
    this.codec = probe.codec;
    this.copied = PLAYABLE.has(probe.codec ?? 'h264') && this.spec.ref.config.rtspTranscode !== true;
    const fps = this.spec.fps;
    const video = this.copied
      ? ['-c:v', 'copy']
      : [
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
          ...['-g', String(fps), '-b:v', `${this.spec.kbps}k`, '-maxrate', `${this.spec.kbps}k`],
          ...['-bufsize', `${this.spec.kbps}k`],
        ];
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      // TCP: no UDP ports to open through the farm's network; a camera silent for 5 s ends the pull.
      ...['-rtsp_transport', 'tcp', '-timeout', '5000000', '-fflags', 'nobuffer'],
      // Half a second of probing: the copy needs no picture size, and every second here delays the first frame.
      ...['-analyzeduration', '500000'],
      ...['-i', withCredentials(url, cfg), '-map', '0:v:0', '-an', ...video],
      ...['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', '-flush_packets', '1', 'pipe:1'],
    ];
    const proc = spawn(this.spec.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    let err = '';
    proc.stderr?.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    proc.stdout?.on('data', (d: Buffer) => {
      this.firstByteAt ??= Date.now();
      this.fanout.push(d);
    });
    proc.on('error', () => this.stop());
    proc.on('exit', (code) => {
      // The message never holds the URL: it may carry the camera's password.
      if (!this.stopped && code !== 0)
        process.emitWarning(`rtsp camera ${this.spec.ref.cameraId} pull exited ${code}`);
      this.stop();
    });
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.fanout.endAll();
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.onExit?.();
  }
}

/** One JPEG frame from the camera's stream, within `timeoutMs`; otherwise CameraOfflineError. */
export const grabFrame = async (
  ffmpeg: string,
  ref: CameraRef,
  quality: Quality = 'hd',
  timeoutMs = 8000,
): Promise<Buffer> => {
  const cfg = rtspConfigOf(ref.config);
  const { url } = await connectUrl(cfg, quality);
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-rtsp_transport', 'tcp', '-timeout', '3000000', '-analyzeduration', '500000'],
    ...['-i', withCredentials(url, cfg)],
    ...['-map', '0:v:0', '-an', '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2pipe', 'pipe:1'],
  ];
  return new Promise<Buffer>((resolve, reject) => {
    const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.stdout.on('data', (d: Buffer) => chunks.push(d));
    proc.on('error', () => undefined);
    proc.on('close', () => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(chunks);
      // A JPEG starts FF D8; anything else (no frame in time, refused) is the camera not answering.
      if (jpeg.length > 2 && jpeg[0] === 0xff && jpeg[1] === 0xd8) resolve(jpeg);
      else reject(new CameraOfflineError('no frame'));
    });
  });
};
