import { Cam } from 'onvif';
import { AppError } from '../../../platform/errors.js';
import { CameraOfflineError, type PtzDirection } from './provider.types.js';
import type { RtspConfig } from './rtsp.config.js';
import { checkedAddress } from './rtsp-guard.js';

// Pan-tilt-zoom and presets of an RTSP camera over ONVIF, with the maintained `onvif` client (agsh/onvif,
// MIT, Node ≥ 14). A connected client (device time, services, profiles: five SOAP calls) is kept per camera
// for a while, so a held pad costs one ContinuousMove and one Stop. `preserveAddress`: every service call
// goes to the checked host and port, never to an address the device announces (it could name 169.254…).
// Our preset index is the ONVIF preset token ("1"…"255", as Hikvision / Dahua number theirs).

type Onvif = NonNullable<RtspConfig['onvif']>;

const KEEP_MS = 10 * 60_000;
const TIMEOUT_MS = 5000;

/** ONVIF velocity of a spec direction: pan x (right +), tilt y (up +), zoom (in +). */
const VECTORS: Record<Exclude<PtzDirection, -1>, { x: number; y: number; zoom: number }> = {
  0: { x: 0, y: 1, zoom: 0 },
  1: { x: 0, y: -1, zoom: 0 },
  2: { x: -1, y: 0, zoom: 0 },
  3: { x: 1, y: 0, zoom: 0 },
  4: { x: -1, y: 1, zoom: 0 },
  5: { x: -1, y: -1, zoom: 0 },
  6: { x: 1, y: 1, zoom: 0 },
  7: { x: 1, y: -1, zoom: 0 },
  8: { x: 0, y: 0, zoom: 1 },
  9: { x: 0, y: 0, zoom: -1 },
};

const xml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const call = <T>(fn: (cb: (err: Error | null, result?: T) => void) => void): Promise<T | undefined> =>
  new Promise((resolve, reject) => {
    fn((err, result) => (err ? reject(err) : resolve(result)));
  });

export class OnvifPtz {
  private readonly cams = new Map<string, { key: string; cam: Promise<Cam>; at: number }>();

  /** A connected client for the camera (cached while its settings stay the same). */
  private async client(cameraKey: string, o: Onvif): Promise<Cam> {
    const key = JSON.stringify([o.host, o.port, o.user, o.password]);
    const hit = this.cams.get(cameraKey);
    if (hit && hit.key === key && Date.now() - hit.at < KEEP_MS) return hit.cam;
    const cam = (async () => {
      // Checked at each connect: the name may resolve elsewhere since the camera was saved.
      const hostname = await checkedAddress(o.host, 'config.onvifHost');
      const c = new Cam({
        hostname,
        port: o.port,
        ...(o.user !== undefined ? { username: o.user } : {}),
        ...(o.password !== undefined ? { password: o.password } : {}),
        timeout: TIMEOUT_MS,
        autoconnect: false,
        preserveAddress: true,
      });
      await call((cb) => c.connect((err) => cb(err ?? null)));
      return c;
    })();
    this.cams.set(cameraKey, { key, cam, at: Date.now() });
    // A failed connect is not kept: the next press tries again.
    cam.catch(() => {
      if (this.cams.get(cameraKey)?.cam === cam) this.cams.delete(cameraKey);
    });
    return cam;
  }

  /** Runs calls on the camera; a network error or SOAP fault is the camera not taking it (offline). */
  private async with(cameraKey: string, o: Onvif, fn: (cam: Cam) => Promise<unknown>): Promise<void> {
    try {
      await fn(await this.client(cameraKey, o));
    } catch (err) {
      if (err instanceof AppError) throw err; // the guard's 400
      this.cams.delete(cameraKey);
      throw new CameraOfflineError(`onvif: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async move(cameraKey: string, o: Onvif, direction: PtzDirection, speed = 5): Promise<void> {
    await this.with(cameraKey, o, async (cam) => {
      if (direction === -1) return call((cb) => cam.stop({ panTilt: true, zoom: true }, cb));
      const v = VECTORS[direction];
      const s = Math.min(1, Math.max(0.1, speed / 10));
      return call((cb) => cam.continuousMove({ x: v.x * s, y: v.y * s, zoom: v.zoom * s }, cb));
    });
  }

  async presetSet(cameraKey: string, o: Onvif, index: number, name: string): Promise<void> {
    await this.with(cameraKey, o, (cam) =>
      call((cb) => cam.setPreset({ presetName: xml(name), presetToken: String(index) }, cb)),
    );
  }

  async presetGo(cameraKey: string, o: Onvif, index: number): Promise<void> {
    await this.with(cameraKey, o, (cam) => call((cb) => cam.gotoPreset({ preset: String(index) }, cb)));
  }

  async presetDelete(cameraKey: string, o: Onvif, index: number): Promise<void> {
    await this.with(cameraKey, o, (cam) =>
      call((cb) => cam.removePreset({ presetToken: String(index) }, cb)),
    );
  }
}
