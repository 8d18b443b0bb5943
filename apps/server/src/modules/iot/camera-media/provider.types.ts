/**
 * One interface for every way a camera is reached (issue 16). A camera's access method (`cameraEnter`,
 * spec 02 §4) chooses its provider; the camera API only ever talks to this interface, so the demo camera,
 * an RTSP / ONVIF camera on the farm network and the cloud platforms are interchangeable.
 */

/** Directions of spec 02 §4: 0 up … 7 right-bottom, 8 zoom in, 9 zoom out; −1 stops. */
export type PtzDirection = -1 | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export type Quality = 'hd' | 'sd';

/** What the provider knows of one camera: the stored row's fields it needs, never the whole row. */
export interface CameraRef {
  tenantId: number;
  cameraId: number;
  /** 'demo' | 'rtsp' | 'ezviz' | 'gb28181' | 'cmcc' — picked from cameraEnter and the camera's config. */
  provider: string;
  deviceSerial: string;
  channelNo: number;
  /** Provider-specific settings (RTSP URL, ONVIF host, …); secrets stay server-side. */
  config: Record<string, unknown>;
  /**
   * The owner tenant's settings of the camera's platform (ezviz, gb28181, cmcc) when the caller read them
   * already — null when it has none; absent: the provider reads them itself.
   */
  platform?: Record<string, string> | null;
}

/** Where the browser plays a stream. `kind` tells the player which library and mode to use. */
export interface StreamSource {
  kind: 'mpegts' | 'flv' | 'hls' | 'iframe';
  /** An absolute URL for outside platforms, or a path of ours (already signed, short-lived). */
  url: string;
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** The platform's token the browser's player needs too (EZVIZ: spec 02 §7 live `accessToken`). */
  accessToken?: string;
}

export interface PlaybackRange {
  from: Date;
  to: Date;
}

export interface RecordedSpan {
  from: Date;
  to: Date;
}

export interface Preset {
  /** The provider's own preset index (1…255 for ONVIF / GB28181). */
  index: number;
  name: string;
}

export interface Still {
  /** A JPEG image. */
  data: Buffer;
  takenAt: Date;
}

/** Who a stream URL is issued to: a revoked session or user then ends the video as well. */
export interface StreamViewer {
  userId: number;
  sessionId: string;
  /** The tenant the viewer watches from (another one than the camera's for a shared camera). */
  tenantId?: number;
}

export interface CameraProvider {
  readonly name: string;
  /** Whether the camera answers now. */
  online(cam: CameraRef): Promise<boolean>;
  /** A signed, short-lived URL; bound to the viewer's session when the provider can (ours can). */
  live(cam: CameraRef, quality: Quality, viewer?: StreamViewer): Promise<StreamSource>;
  /** What is recorded in a range, for the player's timeline. */
  recordings(cam: CameraRef, range: PlaybackRange): Promise<RecordedSpan[]>;
  playback(
    cam: CameraRef,
    range: PlaybackRange,
    speed: 1 | 2 | 4,
    viewer?: StreamViewer,
  ): Promise<StreamSource>;
  /** Starts moving (or zooming) until `ptz(cam, -1)`. */
  ptz(cam: CameraRef, direction: PtzDirection, speed?: number): Promise<void>;
  presetSet(cam: CameraRef, index: number, name: string): Promise<void>;
  /** For platforms that pick a new preset's index themselves (EZVIZ): stores the view, answers the index. */
  presetAdd?(cam: CameraRef, name: string): Promise<number>;
  presetGo(cam: CameraRef, index: number): Promise<void>;
  presetDelete(cam: CameraRef, index: number): Promise<void>;
  capture(cam: CameraRef): Promise<Still>;
  /** Ends every stream of the camera now (disabled, deleted, a share ended); viewers are admitted anew. */
  release?(tenantId: number, cameraId: number): void;
}

/** Thrown by a provider when the camera cannot be reached; the API answers it as offline, not as a 500. */
export class CameraOfflineError extends Error {}

/** Thrown by a provider when the camera holds no preset at the index asked (reset or replaced camera). */
export class PresetMissingError extends Error {}
/** A tenant's settings for a camera platform (ezviz, gb28181, cmcc), secrets included; undefined when unset. */
export type PlatformConfigOf = (
  tenantId: number,
  provider: string,
) => Promise<Record<string, string> | undefined>;
