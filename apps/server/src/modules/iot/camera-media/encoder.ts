import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { HORIZON_Y, type SceneFiles } from './scene.js';
import { TsFanout } from './ts-fanout.js';
import { type Crop, cropOf, type View } from './view.js';
import { ZmqCommander } from './zmtp.js';

// One ffmpeg per (camera, quality) being watched. The scene images are decoded once and looped inside the
// filter graph (`loop`), cropped by the camera's view, scaled, blended day ↔ night, a cloud drifts across
// the sky and the farm's local clock is drawn; x264 (ultrafast, zerolatency, 1 s GOP) into MPEG-TS on
// stdout. PTZ and daylight changes reach the running graph through its `zmq` filter (crop / overlay /
// blend commands), so the picture follows within a frame or two and the encoder never restarts.

export interface EncoderSpec {
  ffmpeg: string;
  scene: SceneFiles;
  width: number;
  height: number;
  fps: number;
  kbps: number;
  /** IANA zone of the farm: the clock overlay shows its local time. */
  timeZone: string;
  label: string;
  view: View;
  daylight: number;
}

/** A free loopback TCP port for the graph's zmq socket. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

/** A label safe inside the drawtext option whatever it holds (letters, digits, a few marks). */
const safeLabel = (s: string): string => s.replace(/[^\p{L}\p{N} ._#-]/gu, '').slice(0, 40);

const cloudY = (crop: Crop, height: number): number =>
  Math.round(((HORIZON_Y - 300 - crop.y) * height) / crop.h);

/** A raw yuv420p scene as an input (no decoding at start). */
const raw = (file: string, size: { width: number; height: number }): string[] => [
  ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${size.width}x${size.height}`, '-i', file],
];

export const filterGraph = (spec: EncoderSpec, zmqPort: number): string => {
  const c = cropOf(spec.view);
  const crop = (name: string) => `crop@${name}=w=${c.w}:h=${c.h}:x=${c.x}:y=${c.y}:exact=1`;
  const scale = (name: string) => `scale@${name}=${spec.width}:${spec.height}:eval=frame:flags=fast_bilinear`;
  const fs = Math.max(12, Math.round(spec.height / 24));
  const rate = `setpts=N/${spec.fps}/TB`;
  return [
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,${rate},zmq=bind_address=tcp\\\\://127.0.0.1\\\\:${zmqPort},${crop('cd')},${scale('sd')}[d]`,
    `[1:v]format=yuv420p,loop=loop=-1:size=1:start=0,${rate},${crop('cn')},${scale('sn')}[n]`,
    `[d][n]blend@b=all_mode=normal:all_opacity=${spec.daylight.toFixed(3)}[v]`,
    `[2:v]format=yuva420p,scale=${Math.round(spec.width / 3)}:-2,loop=loop=-1:size=1:start=0,${rate}[c]`,
    `[v][c]overlay@o=x='mod(t*${Math.round(spec.width / 10)}\\,W+w)-w':y=${cloudY(c, spec.height)}:eval=frame:format=yuv420[w]`,
    `[w]drawtext=font='DejaVu Sans':fontsize=${fs}:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=${Math.round(fs / 4)}:x=${fs / 2}:y=${fs / 2}:text='%{localtime\\:%Y-%m-%d %T}  ${safeLabel(spec.label)}',realtime[out]`,
  ].join(';');
};

export class LiveEncoder {
  readonly fanout = new TsFanout();
  private proc: ChildProcess | undefined;
  private zmq: ZmqCommander | undefined;
  private stopped = false;
  private lastCrop: Crop | undefined;
  private lastDaylight: number;
  /** When ffmpeg's first bytes arrived (first-byte latency, tests and the benchmark). */
  firstByteAt: number | undefined;
  readonly startedAt = Date.now();
  onExit: (() => void) | undefined;

  constructor(private readonly spec: EncoderSpec) {
    this.lastDaylight = spec.daylight;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  async start(): Promise<void> {
    const port = await freePort();
    if (this.stopped) return;
    const s = this.spec;
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...raw(s.scene.dayRaw, s.scene),
      ...raw(s.scene.nightRaw, s.scene),
      ...['-i', s.scene.cloud],
      ...['-filter_complex', filterGraph(s, port), '-map', '[out]', '-an'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
      ...['-pix_fmt', 'yuv420p', '-r', String(s.fps), '-g', String(s.fps), '-keyint_min', String(s.fps)],
      ...['-sc_threshold', '0', '-b:v', `${s.kbps}k`, '-maxrate', `${s.kbps}k`, '-bufsize', `${s.kbps}k`],
      ...['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', '-flush_packets', '1', 'pipe:1'],
    ];
    this.lastCrop = cropOf(s.view);
    // TZ: the clock overlay's localtime is the farm's.
    const proc = spawn(s.ffmpeg, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TZ: s.timeZone },
    });
    this.proc = proc;
    this.zmq = new ZmqCommander(port);
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
      if (!this.stopped && code !== 0)
        process.emitWarning(`camera encoder exited ${code}: ${err.slice(0, 500)}`);
      this.stop();
    });
  }

  /** Moves the running picture: crop windows of both scenes and the cloud's height follow the view. */
  setView(view: View): void {
    const c = cropOf(view);
    const last = this.lastCrop;
    if (last && last.x === c.x && last.y === c.y && last.w === c.w && last.h === c.h) return;
    this.lastCrop = c;
    for (const f of ['cd', 'cn']) {
      // Size first: crop re-evaluates x / y against the new size.
      if (!last || last.w !== c.w) this.zmq?.send(`crop@${f} w ${c.w}`);
      if (!last || last.h !== c.h) this.zmq?.send(`crop@${f} h ${c.h}`);
      this.zmq?.send(`crop@${f} x ${c.x}`);
      this.zmq?.send(`crop@${f} y ${c.y}`);
    }
    this.zmq?.send(`overlay@o y ${cloudY(c, this.spec.height)}`);
  }

  setDaylight(d: number): void {
    if (Math.abs(d - this.lastDaylight) < 0.005) return;
    this.lastDaylight = d;
    this.zmq?.send(`blend@b all_opacity ${d.toFixed(3)}`);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.zmq?.close();
    this.fanout.endAll();
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.onExit?.();
  }
}
