import { CAMERA_LOG_DESCRIPTION_MAX } from '@tilth/contracts/farm-log.types';

// Small pure rules of the camera screens (spec 02 §2, §4, §5, §9), kept here so they are unit-tested.

/** Spec 02 §4 access methods (1–4) and ours (5: served by this server, demo or RTSP). */
export const CAMERA_ENTER_KEYS: Record<number, string> = {
  1: 'enter.cloudStandard',
  2: 'enter.cloudNational',
  3: 'enter.nationalServer',
  4: 'enter.chinaMobile',
  5: 'enter.local',
};
export const CAMERA_TYPE_KEYS: Record<number, string> = { 0: 'type.bolt', 1: 'type.ball' };

/** Spec 02 §9: the camera list pages by 20, the camera modal is 1190 wide, thumbnails 400 wide. */
export const CAMERA_PAGE_SIZE = 20;
export const CAMERA_MODAL_WIDTH = 1190;
export const CAMERA_THUMB_WIDTH = 400;
/** Spec 02 §8: 'camera disabled' shows for 2 seconds. */
export const DISABLED_NOTICE_SECONDS = 2;
export const CAMERA_DISABLED_CODE = 'wfpe.warn.camera.disable';
export const CHINA_MOBILE_ENTER = 4;

/** Spec 02 §4 directions of the pad, in the pad's 3×3 order (null: the centre). */
export const PTZ_STOP = -1;
export const ZOOM_IN = 8;
export const ZOOM_OUT = 9;
export const PTZ_PAD: readonly (readonly [number, string] | null)[] = [
  [4, 'ptz.leftTop'],
  [0, 'ptz.up'],
  [6, 'ptz.rightTop'],
  [2, 'ptz.left'],
  null,
  [3, 'ptz.right'],
  [5, 'ptz.leftBottom'],
  [1, 'ptz.down'],
  [7, 'ptz.rightBottom'],
];

/** The recording timer: mm:ss (minutes keep counting past 59). */
export const mmss = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export interface Span {
  from: string;
  to: string;
}

/** Where recorded spans sit on a timeline of [from, to): left and width in percent. */
const MIN_BAR = 0.3;

export const spanBars = (spans: readonly Span[], from: number, to: number) => {
  const total = to - from;
  if (total <= 0) return [];
  return (
    spans
      .map((s) => {
        const a = Math.max(from, Date.parse(s.from));
        const b = Math.min(to, Date.parse(s.to));
        return { left: ((a - from) / total) * 100, width: ((b - a) / total) * 100, from: a, to: b };
      })
      .filter((s) => s.width > 0)
      // A few minutes in a day's window would be under a pixel: drawn at least 0.3 % wide, left of its end.
      .map((s) =>
        s.width >= MIN_BAR ? s : { ...s, width: MIN_BAR, left: Math.max(0, s.left + s.width - MIN_BAR) },
      )
  );
};

/** The instant a click at `ratio` (0–1) of the timeline picks, kept inside the window. */
export const pickInstant = (ratio: number, from: number, to: number): number =>
  Math.round(from + Math.min(1, Math.max(0, ratio)) * (to - from));

/** Split layouts (1, 4, 9, 16) are squares: the number of columns. */
export const splitColumns = (layout: number): number => Math.max(1, Math.round(Math.sqrt(layout)));

/** A template's camera per cell, padded or cut to the layout. */
export const cellsOf = (
  layout: number,
  cells: readonly { index: number; cameraId: number | null }[],
): (number | null)[] =>
  Array.from({ length: layout }, (_, i) => cells.find((c) => c.index === i)?.cameraId ?? null);

export interface CaptureFormValues {
  logTitle?: string;
  logLevel?: 'info' | 'warn' | 'error';
  description?: string;
}

/** Spec 02 §5 capture upload form: the first broken rule's text key, or null when it may be saved. */
export const captureFormError = (v: CaptureFormValues): string | null => {
  if (!v.logTitle?.trim()) return 'capture.titleRequired';
  if (!v.logLevel) return 'capture.levelRequired';
  if ((v.description ?? '').length > CAMERA_LOG_DESCRIPTION_MAX) return 'capture.descriptionTooLong';
  return null;
};
