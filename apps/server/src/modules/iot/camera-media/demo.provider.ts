import type { MediaHub } from './hub.js';
import {
  type CameraProvider,
  type CameraRef,
  type PlaybackRange,
  PresetMissingError,
  type Quality,
  type StreamSource,
  type StreamViewer,
} from './provider.types.js';

export type DemoProvider = CameraProvider;

/** What a stream URL records of its viewer, so the stream route can re-admit it while it plays. */
export const viewerClaims = (viewer: StreamViewer | undefined) =>
  viewer
    ? {
        uid: viewer.userId,
        sid: viewer.sessionId,
        ...(viewer.tenantId !== undefined ? { vt: viewer.tenantId } : {}),
      }
    : {};

/**
 * The built-in demo camera (cameraEnter of the demo tenant): real, moving H.264 made locally from the farm
 * scene, PTZ over it, presets in memory, stills, and playback of what was recorded while watched.
 */
/** Signed stream URLs of this process's hub (the demo and RTSP cameras play through it). */
export const hubStreams = (hub: MediaHub) => ({
  live: (cam: CameraRef, quality: Quality, viewer?: StreamViewer): StreamSource =>
    hub.sign(cam, { k: 'live', q: quality, ...viewerClaims(viewer) }),
  playback: (cam: CameraRef, range: PlaybackRange, speed: 1 | 2 | 4, viewer?: StreamViewer): StreamSource =>
    hub.sign(cam, {
      k: 'pb',
      q: 'hd',
      f: range.from.getTime(),
      u: range.to.getTime(),
      s: speed,
      ...viewerClaims(viewer),
    }),
});

export const createDemoProvider = (hub: MediaHub): DemoProvider => ({
  name: 'demo',
  online: async () => true,
  live: async (cam, quality, viewer) => hubStreams(hub).live(cam, quality, viewer),
  recordings: (cam, range) => hub.recordings(cam, range),
  playback: async (cam, range, speed, viewer) => hubStreams(hub).playback(cam, range, speed, viewer),
  ptz: async (cam, direction, speed) => hub.ptz(cam, direction, speed),
  presetSet: async (cam, index, name) => hub.presetSet(cam, index, name),
  presetGo: async (cam, index) => {
    if (!hub.presetGo(cam, index)) throw new PresetMissingError(`no preset ${index}`);
  },
  presetDelete: async (cam, index) => hub.presetDelete(cam, index),
  capture: async (cam) => ({ data: await hub.capture(cam), takenAt: new Date() }),
  release: (tenantId, cameraId) => {
    hub.endViewers({ tenantId, cameraId });
  },
});
