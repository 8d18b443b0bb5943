import type { MediaHub } from './hub.js';
import type { CameraProvider, CameraRef, Quality, StreamSource } from './provider.types.js';

/** Who a stream URL is issued to: a revoked session or user then ends the video as well. */
export interface StreamViewer {
  userId: number;
  sessionId: string;
}

export interface DemoProvider extends CameraProvider {
  /** `live`, bound to the viewer's session (preferred by the camera API when it knows the caller). */
  liveFor(cam: CameraRef, quality: Quality, viewer: StreamViewer): Promise<StreamSource>;
}

/**
 * The built-in demo camera (cameraEnter of the demo tenant): real, moving H.264 made locally from the farm
 * scene, PTZ over it, presets in memory, stills, and playback of what was recorded while watched.
 */
export const createDemoProvider = (hub: MediaHub): DemoProvider => ({
  name: 'demo',
  online: async () => true,
  live: async (cam, quality) => hub.sign(cam, { k: 'live', q: quality }),
  liveFor: async (cam, quality, viewer) =>
    hub.sign(cam, { k: 'live', q: quality, uid: viewer.userId, sid: viewer.sessionId }),
  recordings: (cam, range) => hub.recordings(cam, range),
  playback: async (cam, range, speed) =>
    hub.sign(cam, { k: 'pb', q: 'hd', f: range.from.getTime(), u: range.to.getTime(), s: speed }),
  ptz: async (cam, direction, speed) => hub.ptz(cam, direction, speed),
  presetSet: async (cam, index, name) => hub.presetSet(cam, index, name),
  presetGo: async (cam, index) => {
    hub.presetGo(cam, index);
  },
  presetDelete: async (cam, index) => hub.presetDelete(cam, index),
  capture: async (cam) => ({ data: await hub.capture(cam), takenAt: new Date() }),
});
