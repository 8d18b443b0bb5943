import type { MediaHub } from './hub.js';
import { type CameraProvider, PresetMissingError } from './provider.types.js';

export type DemoProvider = CameraProvider;

/**
 * The built-in demo camera (cameraEnter of the demo tenant): real, moving H.264 made locally from the farm
 * scene, PTZ over it, presets in memory, stills, and playback of what was recorded while watched.
 */
export const createDemoProvider = (hub: MediaHub): DemoProvider => ({
  name: 'demo',
  online: async () => true,
  live: async (cam, quality, viewer) =>
    hub.sign(cam, {
      k: 'live',
      q: quality,
      ...(viewer ? { uid: viewer.userId, sid: viewer.sessionId } : {}),
    }),
  recordings: (cam, range) => hub.recordings(cam, range),
  playback: async (cam, range, speed, viewer) =>
    hub.sign(cam, {
      k: 'pb',
      q: 'hd',
      f: range.from.getTime(),
      u: range.to.getTime(),
      s: speed,
      ...(viewer ? { uid: viewer.userId, sid: viewer.sessionId } : {}),
    }),
  ptz: async (cam, direction, speed) => hub.ptz(cam, direction, speed),
  presetSet: async (cam, index, name) => hub.presetSet(cam, index, name),
  presetGo: async (cam, index) => {
    if (!hub.presetGo(cam, index)) throw new PresetMissingError(`no preset ${index}`);
  },
  presetDelete: async (cam, index) => hub.presetDelete(cam, index),
  capture: async (cam) => ({ data: await hub.capture(cam), takenAt: new Date() }),
});
