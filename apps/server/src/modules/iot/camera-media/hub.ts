import path from 'node:path';
import { renderStill } from './capture.js';
import { LiveEncoder } from './encoder.js';
import { startPlayback } from './playback.js';
import type {
  CameraRef,
  PlaybackRange,
  PtzDirection,
  Quality,
  RecordedSpan,
  StreamSource,
} from './provider.types.js';
import { PtzState, presetFile } from './ptz.js';
import { listSegments, pruneSegments, recDir, SegmentWriter, sealOrphans, spansOf } from './recorder.js';
import { ensureScene } from './scene.js';
import { type StreamClaims, signStream, streamKey, verifyStream } from './stream-token.js';
import type { TsFanout, TsViewer } from './ts-fanout.js';
import { daylight, homeView, type View } from './view.js';

// The media engine of the demo cameras: one encoder per watched (camera, quality) shared by its viewers,
// started on the first and stopped a grace period after the last; PTZ state and presets per camera (in
// memory; the camera API keeps preset names in the database); recording of what is watched; playback;
// stills; signed stream URLs and their check.

export interface MediaHubOptions {
  dataDir: string;
  /** The server secret; stream URLs are signed with a key derived from it. */
  secret: Uint8Array;
  ffmpeg?: string;
  /** Path prefix of the stream route (default /wfpe/v1). */
  basePath?: string;
  /** How long an encoder outlives its last viewer (default 15 s; the issue allows 30). */
  graceMs?: number;
  recordHours?: number;
  segmentMs?: number;
  /** Seconds a signed URL may be opened in (default 120). */
  urlTtlSec?: number;
  fps?: number;
  sizes?: Partial<Record<Quality, { width: number; height: number; kbps: number }>>;
  /** Streams open at once in this process, at most (live and playback). */
  maxViewers?: number;
  /** Encoders running at once, at most (each costs a share of a core). */
  maxEncoders?: number;
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * What feeds a live (camera, quality): the demo encoder, or another provider's source (an RTSP pull)
 * registered with `useSource`. The hub fans it out, records it and stops it after the last viewer.
 */
export interface LiveSource {
  readonly fanout: TsFanout;
  readonly pid: number | undefined;
  readonly startedAt: number;
  firstByteAt: number | undefined;
  onExit: (() => void) | undefined;
  /** Rejects (e.g. CameraOfflineError) when the source cannot start. */
  start(): Promise<void>;
  stop(): void;
  /** Demo cameras only: PTZ and daylight move the drawn picture. */
  setView?(view: View): void;
  setDaylight?(d: number): void;
}

export type SourceFactory = (ref: CameraRef, quality: Quality) => LiveSource;

/** Too many streams for this server now; the route answers 503. */
export class MediaBusyError extends Error {}

/** A stream token for a camera whose provider settings this process does not hold (restarted meanwhile). */
export class StreamUnknownError extends Error {}

interface ViewerEntry {
  tenantId: number;
  cameraId: number;
  uid: number | undefined;
  sid: string | undefined;
  end(): void;
}

interface CamState {
  ref: CameraRef;
  ptz: PtzState;
  timeZone: string;
  encoders: Map<Quality, LiveSource>;
  stopTimers: Map<Quality, NodeJS.Timeout>;
  recording: { encoder: LiveSource; writer: SegmentWriter } | undefined;
}

const keyOf = (tenantId: number, cameraId: number): string => `${tenantId}:${cameraId}`;

export class MediaHub {
  private readonly cams = new Map<string, CamState>();
  private readonly viewers = new Set<ViewerEntry>();
  private readonly sources = new Map<string, SourceFactory>();
  private readonly key: Buffer;
  private readonly o: Required<Omit<MediaHubOptions, 'sizes' | 'secret'>> & {
    sizes: Record<Quality, { width: number; height: number; kbps: number }>;
  };
  private motionTimer: NodeJS.Timeout | undefined;
  private readonly housekeeping: NodeJS.Timeout;
  private closed = false;

  constructor(options: MediaHubOptions) {
    this.key = streamKey(options.secret);
    this.o = {
      dataDir: options.dataDir,
      ffmpeg: options.ffmpeg ?? 'ffmpeg',
      basePath: options.basePath ?? '/wfpe/v1',
      graceMs: options.graceMs ?? 15_000,
      recordHours: options.recordHours ?? 24,
      segmentMs: options.segmentMs ?? 10_000,
      urlTtlSec: options.urlTtlSec ?? 120,
      fps: options.fps ?? 15,
      maxViewers: options.maxViewers ?? 64,
      maxEncoders: options.maxEncoders ?? 16,
      sizes: {
        hd: options.sizes?.hd ?? { width: 1280, height: 720, kbps: 1500 },
        sd: options.sizes?.sd ?? { width: 640, height: 360, kbps: 500 },
      },
    };
    // Daylight follows the farm's clock; old recordings go. Both unref'd: they never keep a process alive.
    this.housekeeping = setInterval(() => this.tick(), 30_000);
    this.housekeeping.unref();
    void this.prune();
  }

  /** Live cameras of `provider` are fed by `factory` instead of the demo encoder. */
  useSource(provider: string, factory: SourceFactory): void {
    this.sources.set(provider, factory);
  }

  /** The ffmpeg, frame rate and sizes sources of other providers use too. */
  get media(): { ffmpeg: string; fps: number; sizes: Record<Quality, { kbps: number }> } {
    return { ffmpeg: this.o.ffmpeg, fps: this.o.fps, sizes: this.o.sizes };
  }

  /** Draws the scene now (a few seconds on the first start) so the first viewer does not wait for it. */
  warm(): Promise<unknown> {
    return ensureScene(this.o.dataDir, this.o.ffmpeg);
  }

  /** Remembers a camera (its row's fields and the farm's zone) and answers its state. */
  private state(ref: CameraRef, timeZone?: string): CamState {
    const k = keyOf(ref.tenantId, ref.cameraId);
    let s = this.cams.get(k);
    const zone = timeZone ?? (typeof ref.config.timeZone === 'string' ? ref.config.timeZone : undefined);
    if (!s) {
      s = {
        ref,
        ptz: new PtzState(
          homeView(ref.cameraId, ref.channelNo),
          presetFile(path.join(this.o.dataDir, 'camera-presets', `${ref.tenantId}-${ref.cameraId}.json`)),
        ),
        timeZone: zone ?? DEFAULT_TIME_ZONE,
        encoders: new Map(),
        stopTimers: new Map(),
        recording: undefined,
      };
      this.cams.set(k, s);
    } else {
      s.ref = ref;
      if (zone) s.timeZone = zone;
    }
    return s;
  }

  // ---- URLs ----

  /** A signed stream URL (path of ours) for live or playback. */
  sign(ref: CameraRef, what: Omit<StreamClaims, 't' | 'c' | 'exp'>): StreamSource {
    this.state(ref);
    const exp = Math.floor(Date.now() / 1000) + this.o.urlTtlSec;
    const token = signStream(this.key, {
      ...what,
      t: ref.tenantId,
      c: ref.cameraId,
      exp,
      ...(ref.provider !== 'demo' ? { p: ref.provider } : {}),
    });
    return {
      kind: 'mpegts',
      url: `${this.o.basePath}/${ref.tenantId}/camera/stream/${ref.cameraId}?st=${token}`,
      expiresIn: this.o.urlTtlSec,
    };
  }

  /** The claims of a stream token if it is valid now and made for this tenant and camera. */
  verify(token: string, tenantId: number, cameraId: number): StreamClaims | undefined {
    const c = verifyStream(this.key, token);
    return c && c.t === tenantId && c.c === cameraId ? c : undefined;
  }

  // ---- Viewers ----

  /** Opens what a verified token names: a live viewer or a playback. */
  async openClaims(claims: StreamClaims, timeZone?: string): Promise<TsViewer> {
    const known = this.cams.get(keyOf(claims.t, claims.c))?.ref;
    // A camera this process has not seen since it started: only the demo one can be made from the claims;
    // another is refused, and the player asks for a new URL (which registers the camera again).
    if (!known && claims.p !== undefined && claims.p !== 'demo') throw new StreamUnknownError(claims.p);
    const ref = known ?? {
      tenantId: claims.t,
      cameraId: claims.c,
      provider: 'demo',
      deviceSerial: `DEMO-${claims.c}`,
      channelNo: 1,
      config: {},
    };
    const viewer =
      claims.k === 'live'
        ? await this.open(ref, claims.q, timeZone)
        : await this.openPlayback(
            ref,
            { from: new Date(claims.f ?? 0), to: new Date(claims.u ?? 0) },
            claims.s ?? 1,
          );
    return this.track(viewer, claims);
  }

  private track(viewer: TsViewer, claims: Pick<StreamClaims, 't' | 'c' | 'uid' | 'sid'>): TsViewer {
    const entry: ViewerEntry = {
      tenantId: claims.t,
      cameraId: claims.c,
      uid: claims.uid,
      sid: claims.sid,
      end: () => viewer.end(),
    };
    this.viewers.add(entry);
    viewer.stream.once('close', () => this.viewers.delete(entry));
    return viewer;
  }

  /** A live viewer of (camera, quality): joins its running encoder or starts one. */
  async open(ref: CameraRef, quality: Quality, timeZone?: string): Promise<TsViewer> {
    if (this.closed) throw new MediaBusyError('closing');
    if (this.viewers.size >= this.o.maxViewers) throw new MediaBusyError('too many viewers');
    const s = this.state(ref, timeZone);
    let enc = s.encoders.get(quality);
    if (!enc) {
      if (this.encoderCount() >= this.o.maxEncoders) throw new MediaBusyError('too many encoders');
      enc = await this.startEncoder(s, quality);
    }
    clearTimeout(s.stopTimers.get(quality));
    s.stopTimers.delete(quality);
    return enc.fanout.add();
  }

  private async startEncoder(s: CamState, quality: Quality): Promise<LiveSource> {
    const factory = this.sources.get(s.ref.provider);
    const enc = factory ? factory(s.ref, quality) : await this.demoEncoder(s, quality);
    const existing = s.encoders.get(quality);
    if (existing) return existing;
    s.encoders.set(quality, enc);
    enc.fanout.onEmpty = () => {
      clearTimeout(s.stopTimers.get(quality));
      const t = setTimeout(() => enc.stop(), this.o.graceMs);
      t.unref();
      s.stopTimers.set(quality, t);
    };
    enc.onExit = () => {
      clearTimeout(s.stopTimers.get(quality));
      s.stopTimers.delete(quality);
      if (s.encoders.get(quality) === enc) s.encoders.delete(quality);
      if (s.recording?.encoder === enc) {
        void s.recording.writer.close();
        s.recording = undefined;
        const other = [...s.encoders.values()][0];
        if (other) this.record(s, other);
      }
    };
    if (!s.recording) this.record(s, enc);
    try {
      await enc.start();
    } catch (err) {
      // A source that cannot start (camera offline, address refused) leaves nothing running.
      enc.stop();
      throw err;
    }
    return enc;
  }

  private async demoEncoder(s: CamState, quality: Quality): Promise<LiveEncoder> {
    const scene = await ensureScene(this.o.dataDir, this.o.ffmpeg);
    const size = this.o.sizes[quality];
    return new LiveEncoder({
      ffmpeg: this.o.ffmpeg,
      scene,
      ...size,
      fps: this.o.fps,
      timeZone: s.timeZone,
      label: s.ref.deviceSerial || `CAM ${s.ref.cameraId}`,
      view: s.ptz.view(),
      daylight: daylight(new Date(), s.timeZone),
    });
  }

  /** What is watched is recorded: the encoder's stream goes to segments too (no extra encoding). */
  private record(s: CamState, enc: LiveSource): void {
    const writer = new SegmentWriter(
      recDir(this.o.dataDir, s.ref.tenantId, s.ref.cameraId),
      this.o.segmentMs,
      () => enc.fanout.headers(),
      () => undefined,
    );
    s.recording = { encoder: enc, writer };
    enc.fanout.onChunk = (chunk, keyAt) => writer.write(chunk, keyAt);
  }

  encoderCount(): number {
    let n = 0;
    for (const s of this.cams.values()) n += s.encoders.size;
    return n;
  }

  /** Running encoders (tests, diagnostics): camera, quality, process id, first-byte latency. */
  encoders(): {
    tenantId: number;
    cameraId: number;
    quality: Quality;
    pid: number | undefined;
    firstByteMs: number | undefined;
  }[] {
    const out = [];
    for (const s of this.cams.values())
      for (const [quality, e] of s.encoders)
        out.push({
          tenantId: s.ref.tenantId,
          cameraId: s.ref.cameraId,
          quality,
          pid: e.pid,
          firstByteMs: e.firstByteAt === undefined ? undefined : e.firstByteAt - e.startedAt,
        });
    return out;
  }

  /** Ends the viewers that match (a revoked session or user, a tenant, a camera deleted or disabled). */
  endViewers(match: { tenantId?: number; cameraId?: number; userId?: number; sessionId?: string }): number {
    let n = 0;
    for (const v of [...this.viewers]) {
      if (match.tenantId !== undefined && v.tenantId !== match.tenantId) continue;
      if (match.cameraId !== undefined && v.cameraId !== match.cameraId) continue;
      if (match.userId !== undefined && v.uid !== match.userId) continue;
      if (match.sessionId !== undefined && v.sid !== match.sessionId) continue;
      v.end();
      this.viewers.delete(v);
      n++;
    }
    return n;
  }

  viewerCount(): number {
    return this.viewers.size;
  }

  // ---- PTZ and presets ----

  viewOf(ref: CameraRef): View {
    return { ...this.state(ref).ptz.view() };
  }

  /** Starts moving in a direction (continuously, until −1), or stops. */
  ptz(ref: CameraRef, direction: PtzDirection, speed = 1): void {
    const s = this.state(ref);
    s.ptz.press(direction, speed);
    this.show(s);
    if (s.ptz.moving && !this.motionTimer) {
      // One ticker for every moving camera, at the frame rate, only while something moves.
      this.motionTimer = setInterval(() => this.moveAll(), Math.round(1000 / this.o.fps));
      this.motionTimer.unref();
    }
  }

  /** Sends the camera's view to its running encoders. */
  private show(s: CamState): void {
    const v = s.ptz.view();
    for (const e of s.encoders.values()) e.setView?.(v);
  }

  private moveAll(): void {
    let any = false;
    for (const s of this.cams.values()) {
      if (!s.ptz.moving) continue;
      any = true;
      this.show(s);
    }
    if (!any) {
      clearInterval(this.motionTimer);
      this.motionTimer = undefined;
    }
  }

  presetSet(ref: CameraRef, index: number, name: string): void {
    this.state(ref).ptz.presetSet(index, name);
  }

  /** Goes to a preset; false when there is none at that index. */
  presetGo(ref: CameraRef, index: number): boolean {
    const s = this.state(ref);
    if (!s.ptz.presetGo(index)) return false;
    this.show(s);
    return true;
  }

  presetDelete(ref: CameraRef, index: number): void {
    this.state(ref).ptz.presetDelete(index);
  }

  // ---- Stills, recordings, playback ----

  async capture(ref: CameraRef, quality: Quality = 'hd'): Promise<Buffer> {
    const s = this.state(ref);
    const at = new Date();
    return renderStill({
      scene: await ensureScene(this.o.dataDir, this.o.ffmpeg),
      view: s.ptz.view(),
      ...this.o.sizes[quality],
      daylight: daylight(at, s.timeZone),
      timeZone: s.timeZone,
      label: s.ref.deviceSerial || `CAM ${s.ref.cameraId}`,
      at,
    });
  }

  async recordings(ref: CameraRef, range: PlaybackRange): Promise<RecordedSpan[]> {
    const segs = await listSegments(recDir(this.o.dataDir, ref.tenantId, ref.cameraId));
    return spansOf(segs, range.from.getTime(), range.to.getTime());
  }

  async openPlayback(ref: CameraRef, range: PlaybackRange, speed: 1 | 2 | 4): Promise<TsViewer> {
    if (this.closed || this.viewers.size >= this.o.maxViewers) throw new MediaBusyError('too many viewers');
    const segments = await listSegments(recDir(this.o.dataDir, ref.tenantId, ref.cameraId));
    return startPlayback({
      ffmpeg: this.o.ffmpeg,
      segments,
      from: range.from.getTime(),
      to: range.to.getTime(),
      speed,
      ...this.o.sizes.hd,
      fps: this.o.fps,
    });
  }

  // ---- Housekeeping ----

  private tick(): void {
    const now = new Date();
    for (const s of this.cams.values()) {
      const d = daylight(now, s.timeZone);
      for (const e of s.encoders.values()) e.setDaylight?.(d);
    }
    if (now.getUTCMinutes() % 10 === 0 && now.getUTCSeconds() < 30) void this.prune();
  }

  /** Seals segments a stopped process left open, then deletes those older than the kept hours. */
  async prune(): Promise<number> {
    const root = path.join(this.o.dataDir, 'camera', 'rec');
    await sealOrphans(root).catch(() => 0);
    return pruneSegments(root, Date.now() - this.o.recordHours * 3_600_000).catch(() => 0);
  }

  /** Ends every viewer and encoder (server shutdown); their ffmpeg processes are killed. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.housekeeping);
    clearInterval(this.motionTimer);
    for (const v of [...this.viewers]) v.end();
    this.viewers.clear();
    const closing: Promise<void>[] = [];
    for (const s of this.cams.values()) {
      for (const t of s.stopTimers.values()) clearTimeout(t);
      const rec = s.recording;
      for (const e of [...s.encoders.values()]) e.stop();
      if (rec) closing.push(rec.writer.close());
    }
    await Promise.all(closing);
  }
}
