import type { CameraLive } from '../camera.api';

// Attaches a stream to a <video>. mpegts.js is imported on first use only, so it stays out of the main
// bundle (and out of every page that shows no video).

export interface AttachedStream {
  destroy: () => void;
}

type StreamKind = CameraLive['kind'];

/** Our signed stream paths are relative; the player's loader (a worker) needs an absolute URL. */
export const absoluteUrl = (url: string): string =>
  typeof window === 'undefined' ? url : new URL(url, window.location.href).href;

export const attachStream = async (
  video: HTMLVideoElement,
  source: { url: string; kind: StreamKind },
  live: boolean,
  onError: (message: string) => void,
): Promise<AttachedStream> => {
  const url = absoluteUrl(source.url);
  if (source.kind === 'hls') {
    // Safari and recent Chromium play HLS natively; hls.js is not shipped.
    if (!video.canPlayType('application/vnd.apple.mpegurl')) {
      onError('HLS is not supported by this browser');
      return { destroy: () => undefined };
    }
    video.src = url;
    void video.play().catch(() => undefined);
    return {
      destroy: () => {
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) {
    onError('Media Source Extensions are not supported by this browser');
    return { destroy: () => undefined };
  }
  const player = mpegts.createPlayer(
    { type: source.kind === 'flv' ? 'flv' : 'mpegts', isLive: live, url },
    // Low latency for live: no stash buffer. The server starts a viewer at the latest keyframe (up to a
    // second behind), so play slightly faster until 0.3 s behind, and jump when more than 1.5 s behind.
    live
      ? {
          enableStashBuffer: false,
          liveSync: true,
          liveSyncMaxLatency: 0.6,
          liveSyncTargetLatency: 0.3,
          liveSyncPlaybackRate: 1.2,
          liveBufferLatencyChasing: true,
          liveBufferLatencyMaxLatency: 1.5,
          liveBufferLatencyMinRemain: 0.3,
        }
      : { enableStashBuffer: true },
  );
  player.on(mpegts.Events.ERROR, (type: string, detail: string) => onError(`${type}: ${detail}`));
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return {
    destroy: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
};
