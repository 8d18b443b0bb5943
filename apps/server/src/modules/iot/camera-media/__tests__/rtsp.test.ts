import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../platform/errors.js';
import { MediaHub } from '../hub.js';
import { CameraOfflineError, type CameraRef } from '../provider.types.js';
import { validateRtspConfig } from '../rtsp.config.js';
import { createRtspProvider, type RtspProvider } from '../rtsp.provider.js';
import { probe, reader, sleep } from './media.helpers.js';
import {
  closedPort,
  type FakeOnvif,
  silentServer,
  startFakeOnvif,
  startRtspServer,
  type TestRtspServer,
} from './rtsp.helpers.js';

// The RTSP / ONVIF provider against a real RTSP stream served on loopback (ffmpeg → RTP → a small RTSP
// server in the test) and a fake ONVIF device: live repackaged without re-encoding, recorded and played
// back, stills, offline answered quickly, the SSRF guard, and PTZ / presets as ONVIF calls.

const run = promisify(execFile);

let rtsp: TestRtspServer;
let onvif: FakeOnvif;
let hub: MediaHub;
let provider: RtspProvider;
let dataDir: string;
const allowLoopback = process.env.CAMERA_ALLOW_LOOPBACK;

const ref = (cameraId: number, config: Record<string, unknown>): CameraRef => ({
  tenantId: 1,
  cameraId,
  provider: 'rtsp',
  deviceSerial: `RTSP-${cameraId}`,
  channelNo: 1,
  config,
});

/** Opens what a provider's signed URL names, as the stream route does. */
const openUrl = (url: string, cameraId: number) => {
  const token = new URL(url, 'http://x').searchParams.get('st') ?? '';
  const claims = hub.verify(token, 1, cameraId);
  if (!claims) throw new Error('token refused');
  return hub.openClaims(claims);
};

const streamInfo = async (data: Buffer) => {
  const f = path.join(dataDir, `probe-${Date.now()}.ts`);
  await writeFile(f, data);
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=codec_name,profile,level,width,height', '-of', 'json', f],
  ]);
  return (JSON.parse(stdout) as { streams: { codec_name: string; profile: string; level: number }[] })
    .streams[0];
};

const refused = async (p: Promise<unknown>): Promise<AppError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

beforeAll(async () => {
  process.env.CAMERA_ALLOW_LOOPBACK = '1';
  dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-rtsp-test-'));
  [rtsp, onvif] = await Promise.all([
    startRtspServer({ width: 320, height: 240, fps: 15, profile: 'main', level: '3.1' }),
    startFakeOnvif(),
  ]);
  hub = new MediaHub({
    dataDir,
    secret: new TextEncoder().encode('test-secret'),
    graceMs: 300,
    segmentMs: 1000,
    sizes: { hd: { width: 320, height: 240, kbps: 300 }, sd: { width: 160, height: 120, kbps: 150 } },
  });
  provider = createRtspProvider(hub, { onlineCacheMs: 0, captureTimeoutMs: 5000 });
}, 30_000);

afterAll(async () => {
  await hub?.close();
  await Promise.all([rtsp?.close(), onvif?.close()]);
  await rm(dataDir, { recursive: true, force: true });
  if (allowLoopback === undefined) delete process.env.CAMERA_ALLOW_LOOPBACK;
  else process.env.CAMERA_ALLOW_LOOPBACK = allowLoopback;
});

describe('rtsp camera: live, recording, playback, still', () => {
  const cam = () => ref(1, { rtspUrl: rtsp.url });

  it('is online, plays live as MPEG-TS with the camera H.264 copied (not re-encoded), records what is watched', async () => {
    expect(await provider.online(cam())).toBe(true);
    const t0 = Date.now();
    const src = await provider.live(cam(), 'hd');
    expect(src.kind).toBe('mpegts');
    const viewer = await openUrl(src.url, 1);
    const r = reader(viewer.stream);
    await r.until(20, 8000);
    const firstMs = Date.now() - t0;
    viewer.end();
    const info = await streamInfo(r.data());
    // The source's own profile and level survive: our transcode (ultrafast) would answer Baseline, level 1.2.
    expect(info).toMatchObject({ codec_name: 'h264', profile: 'Main', level: 31, width: 320, height: 240 });
    expect(firstMs).toBeLessThan(8000);
    // Stopped a grace period after its last viewer.
    await sleep(700);
    expect(hub.encoders()).toHaveLength(0);
    const spans = await provider.recordings(cam(), { from: new Date(t0 - 1000), to: new Date() });
    expect(spans.length).toBeGreaterThan(0);
    const first = spans[0];
    expect(first && first.to.getTime() - first.from.getTime()).toBeGreaterThan(500);
  }, 20_000);

  it('plays back what was recorded over a range', async () => {
    const now = Date.now();
    const pb = await provider.playback(cam(), { from: new Date(now - 60_000), to: new Date(now) }, 4);
    const viewer = await openUrl(pb.url, 1);
    const r = reader(viewer.stream);
    await new Promise((resolve) => viewer.stream.once('close', resolve));
    const p = await probe(r.data());
    expect(p.frames).toBeGreaterThan(3);
    expect(p.width).toBe(320);
  }, 20_000);

  it('answers a camera that asks for Digest auth with its account; a wrong password is not online', async () => {
    const secure = rtsp.url.replace('/live/', '/secure/');
    expect(await provider.online(ref(10, { rtspUrl: secure, username: 'admin', password: 's3cret' }))).toBe(
      true,
    );
    expect(await provider.online(ref(11, { rtspUrl: secure, username: 'admin', password: 'nope' }))).toBe(
      false,
    );
    expect(await provider.online(ref(12, { rtspUrl: secure }))).toBe(false);
  });

  it('captures one JPEG frame', async () => {
    const still = await provider.capture(cam());
    expect(still.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const meta = await sharp(still.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
  }, 15_000);
});

describe('rtsp camera sending H.265', () => {
  it('is repackaged as H.265 too (mpegts.js plays HEVC where the browser decodes it)', async () => {
    const hevc = await startRtspServer({
      width: 320,
      height: 240,
      fps: 15,
      profile: 'main',
      level: '3.1',
      hevc: true,
    });
    try {
      const viewer = await hub.open(ref(13, { rtspUrl: hevc.url }), 'hd');
      const r = reader(viewer.stream);
      await r.until(8, 8000);
      viewer.end();
      const info = await streamInfo(r.data());
      expect(info).toMatchObject({ codec_name: 'hevc', width: 320, height: 240 });
    } finally {
      await hevc.close();
    }
  }, 20_000);
});

describe('rtsp camera offline', () => {
  it('a closed port, an unknown stream and a hung camera answer offline within the probe bound', async () => {
    const silent = await silentServer();
    try {
      const gone = ref(2, { rtspUrl: `rtsp://127.0.0.1:${await closedPort()}/live/main` });
      const unknown = ref(3, { rtspUrl: rtsp.url.replace('/live/main', '/nothing') });
      const hung = ref(4, { rtspUrl: `rtsp://127.0.0.1:${silent.port}/live/main` });
      const t0 = Date.now();
      const [a, b, c] = await Promise.all([gone, unknown, hung].map((x) => provider.online(x)));
      expect([a, b, c]).toEqual([false, false, false]);
      expect(Date.now() - t0).toBeLessThan(4000);
      await expect(provider.live(gone, 'hd')).rejects.toBeInstanceOf(CameraOfflineError);
      await expect(provider.capture(gone)).rejects.toBeInstanceOf(CameraOfflineError);
      // Opening a stream of a camera gone since its URL was signed: offline, nothing left running.
      const signed = hub.sign(gone, { k: 'live', q: 'hd' });
      await expect(openUrl(signed.url, 2)).rejects.toBeInstanceOf(CameraOfflineError);
      expect(hub.encoders()).toHaveLength(0);
    } finally {
      await silent.close();
    }
  }, 15_000);
});

describe('rtsp SSRF guard', () => {
  it('refuses loopback without CAMERA_ALLOW_LOOPBACK, link-local and unspecified always, other schemes', async () => {
    delete process.env.CAMERA_ALLOW_LOOPBACK;
    try {
      const e = await refused(validateRtspConfig({ rtspUrl: 'rtsp://127.0.0.1:554/live' }));
      expect(e.status).toBe(400);
      expect(e.message).toContain('config.rtspUrl');
      await refused(validateRtspConfig({ rtspUrl: 'rtsp://localhost/live' }));
      await refused(validateRtspConfig({ rtspUrl: 'rtsp://[::1]/live' }));
      // Checked again at connect time: a stored loopback URL is refused, not opened.
      await refused(provider.live(ref(5, { rtspUrl: rtsp.url }), 'hd'));
    } finally {
      process.env.CAMERA_ALLOW_LOOPBACK = '1';
    }
    for (const rtspUrl of [
      'rtsp://169.254.169.254/latest/meta-data',
      'rtsp://0.0.0.0/live',
      'rtsp://[fe80::1]/live',
      'rtsp://[::ffff:169.254.169.254]/live',
    ]) {
      const e = await refused(validateRtspConfig({ rtspUrl }));
      expect(e.def.code).toBe('wfpe.warn.camera.address');
    }
    const http = await refused(validateRtspConfig({ rtspUrl: 'http://192.168.1.64/live' }));
    expect(http.message).toContain('config.rtspUrl');
    await refused(validateRtspConfig({}));
    const sd = await refused(
      validateRtspConfig({ rtspUrl: 'rtsp://192.168.1.64/main', rtspUrlSd: 'rtsp://169.254.1.1/sub' }),
    );
    expect(sd.message).toContain('config.rtspUrlSd');
    const host = await refused(
      validateRtspConfig({ rtspUrl: 'rtsp://192.168.1.64/m', onvifHost: '169.254.169.254' }),
    );
    expect(host.message).toContain('config.onvifHost');
    await refused(provider.ptz(ref(6, { rtspUrl: rtsp.url, onvifHost: '169.254.169.254' }), 0));
  });

  it('allows private LAN addresses and moves a password out of the URL', async () => {
    expect(
      await validateRtspConfig({
        rtspUrl: 'rtsp://admin:p%40ss@192.168.1.64:554/Streaming/Channels/101',
        onvifHost: '10.0.0.5',
      }),
    ).toEqual({
      rtspUrl: 'rtsp://192.168.1.64:554/Streaming/Channels/101',
      username: 'admin',
      password: 'p@ss',
      onvifHost: '10.0.0.5',
    });
  });
});

describe('rtsp camera PTZ and presets over ONVIF', () => {
  const cam = () =>
    ref(7, {
      rtspUrl: rtsp.url,
      onvifHost: '127.0.0.1',
      onvifPort: onvif.port,
      username: 'admin',
      password: 'secret',
    });

  it('moves, stops, sets, goes to and removes presets as ONVIF calls, at the configured address only', async () => {
    await provider.ptz(cam(), 3, 5);
    await provider.ptz(cam(), -1);
    await provider.ptz(cam(), 8);
    await provider.presetSet(cam(), 3, 'Gate <east>');
    await provider.presetGo(cam(), 3);
    await provider.presetDelete(cam(), 3);
    const ptzCalls = onvif.calls.filter((c) =>
      ['ContinuousMove', 'Stop', 'SetPreset', 'GotoPreset', 'RemovePreset'].includes(c.action),
    );
    expect(ptzCalls.map((c) => c.action)).toEqual([
      'ContinuousMove',
      'Stop',
      'ContinuousMove',
      'SetPreset',
      'GotoPreset',
      'RemovePreset',
    ]);
    const [right, stop, zoom, set, go, remove] = ptzCalls.map((c) => c.body);
    expect(right).toMatch(/<PanTilt x="0\.5" y="0"/);
    expect(right).toContain('<ProfileToken>prof1</ProfileToken>');
    expect(stop).toContain('<PanTilt>true</PanTilt>');
    expect(zoom).toMatch(/<Zoom x="0\.5"/);
    expect(set).toContain('<PresetName>Gate &lt;east&gt;</PresetName>');
    expect(set).toContain('<PresetToken>3</PresetToken>');
    expect(go).toContain('<PresetToken>3</PresetToken>');
    expect(remove).toContain('<PresetToken>3</PresetToken>');
    // Signed with the configured user (WS-Security), connected once, and all of it sent to the configured
    // host although the device announced its services at 169.254.169.254.
    expect(right).toContain('<Username>admin</Username>');
    expect(onvif.calls.filter((c) => c.action === 'GetCapabilities')).toHaveLength(1);
    expect(onvif.paths.filter((p) => p.includes('ptz_service'))).toHaveLength(6);
  });

  it('a camera without ONVIF settings has no pan-tilt (400); an unreachable ONVIF device is offline', async () => {
    const e = await refused(provider.ptz(ref(8, { rtspUrl: rtsp.url }), 0));
    expect([e.status, e.def.code]).toEqual([400, 'wfpe.warn.camera.noPtz']);
    await refused(provider.presetSet(ref(8, { rtspUrl: rtsp.url }), 1, 'a'));
    const gone = ref(9, { rtspUrl: rtsp.url, onvifHost: '127.0.0.1', onvifPort: await closedPort() });
    await expect(provider.ptz(gone, 0)).rejects.toBeInstanceOf(CameraOfflineError);
  });
});
