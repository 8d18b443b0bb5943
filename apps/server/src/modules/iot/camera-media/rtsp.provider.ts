import { hubStreams } from './demo.provider.js';
import type { MediaHub } from './hub.js';
import { OnvifPtz } from './onvif.js';
import { CameraOfflineError, type CameraProvider, type CameraRef } from './provider.types.js';
import { rtspConfigOf } from './rtsp.config.js';
import { RtspErrors } from './rtsp.errors.js';
import { probeRtsp } from './rtsp-probe.js';
import { connectUrl, grabFrame, RtspSource } from './rtsp-source.js';

export type RtspProvider = CameraProvider;

export interface RtspProviderOptions {
  /** How long an online answer is kept (default 10 s): the online job and the live call share it. */
  onlineCacheMs?: number;
  /** Longest wait for one frame of a still (default 8 s: a camera's keyframe interval may be 4 s). */
  captureTimeoutMs?: number;
}

/**
 * Cameras on the farm's network (cameraEnter 5, provider 'rtsp'): live through the hub's fan-out and
 * recorder from an RTSP pull (see rtsp-source.ts), online by a bounded DESCRIBE, stills by one decoded
 * frame, PTZ and presets over ONVIF when the camera has ONVIF settings.
 */
export const createRtspProvider = (hub: MediaHub, options: RtspProviderOptions = {}): RtspProvider => {
  const cacheMs = options.onlineCacheMs ?? 10_000;
  const seen = new Map<string, { at: number; online: Promise<boolean> }>();
  const ptz = new OnvifPtz();
  const keyOf = (cam: CameraRef) => `${cam.tenantId}:${cam.cameraId}`;

  hub.useSource(
    'rtsp',
    (ref, quality) =>
      new RtspSource({
        ffmpeg: hub.media.ffmpeg,
        ref,
        quality,
        fps: hub.media.fps,
        kbps: hub.media.sizes[quality].kbps,
      }),
  );

  /** Whether the camera serves its main stream now (cached briefly); a refused address is not online. */
  const online = async (cam: CameraRef): Promise<boolean> => {
    const cfg = rtspConfigOf(cam.config);
    const checked = await connectUrl(cfg, 'hd').catch(() => undefined);
    if (!checked) return false;
    const { url } = checked;
    const k = `${keyOf(cam)}|${url.href}|${cfg.user ?? ''}`;
    const hit = seen.get(k);
    if (hit && Date.now() - hit.at < cacheMs) return hit.online;
    const answer = probeRtsp(url, cfg.user, cfg.password).then((p) => p.status === 200);
    seen.set(k, { at: Date.now(), online: answer });
    if (seen.size > 10_000) seen.clear();
    return answer;
  };

  const onvifOf = (cam: CameraRef) => {
    const o = rtspConfigOf(cam.config).onvif;
    if (!o) throw RtspErrors.noPtz();
    return o;
  };

  return {
    name: 'rtsp',
    online,
    live: async (cam, quality, viewer) => {
      // A refused address answers its 400 (naming the field) rather than a bare offline.
      await connectUrl(rtspConfigOf(cam.config), quality);
      if (!(await online(cam))) throw new CameraOfflineError('rtsp camera not answering');
      return hubStreams(hub).live(cam, quality, viewer);
    },
    recordings: (cam, range) => hub.recordings(cam, range),
    playback: async (cam, range, speed, viewer) => hubStreams(hub).playback(cam, range, speed, viewer),
    ptz: async (cam, direction, speed) => ptz.move(keyOf(cam), onvifOf(cam), direction, speed),
    presetSet: async (cam, index, name) => ptz.presetSet(keyOf(cam), onvifOf(cam), index, name),
    presetGo: async (cam, index) => ptz.presetGo(keyOf(cam), onvifOf(cam), index),
    presetDelete: async (cam, index) => ptz.presetDelete(keyOf(cam), onvifOf(cam), index),
    capture: async (cam) => ({
      data: await grabFrame(hub.media.ffmpeg, cam, 'hd', options.captureTimeoutMs),
      takenAt: new Date(),
    }),
    release: (tenantId, cameraId) => {
      hub.endViewers({ tenantId, cameraId });
    },
  };
};
