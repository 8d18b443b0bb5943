import type { Panorama, PanoramaLimits } from '@tilth/contracts/panorama.types';
import { PANORAMA_MAX_MB_DEFAULT, PANORAMA_MIN_BYTES } from '@tilth/contracts/panorama.types';

// The panorama upload (spec 03 §5, issue 17 item 1): checked in the form first, sent with upload progress,
// then polled while the server cuts the tiles. The server checks everything again.

export const PANORAMA_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const PANORAMA_POLL_MS = 1500;
const MB = 1024 * 1024;

export const DEFAULT_LIMITS: PanoramaLimits = {
  minBytes: PANORAMA_MIN_BYTES,
  maxBytes: PANORAMA_MAX_MB_DEFAULT * MB,
  maxMegapixels: 135,
};

/** Why a file is refused before sending: an i18n key of the vr namespace with its values, or null. */
export interface UploadRefusal {
  key: 'upload.type' | 'upload.tooSmall' | 'upload.tooLarge';
  values?: Record<string, number>;
}

const isJpgOrPng = (file: Pick<File, 'name' | 'type'>): boolean =>
  /\.(jpe?g|png)$/i.test(file.name) && (file.type === '' || /^image\/(jpeg|png)$/.test(file.type));

export const checkPanoramaFile = (
  file: Pick<File, 'name' | 'type' | 'size'>,
  limits: PanoramaLimits = DEFAULT_LIMITS,
): UploadRefusal | null => {
  if (!isJpgOrPng(file)) return { key: 'upload.type' };
  if (file.size < limits.minBytes) return { key: 'upload.tooSmall' };
  if (file.size > limits.maxBytes)
    return { key: 'upload.tooLarge', values: { n: Math.floor(limits.maxBytes / MB) } };
  return null;
};

/** The panorama's name: the file name without its extension (spec 03 §4 "Panorama upload"). */
export const panoramaNameOf = (fileName: string): string => fileName.replace(/\.[^.]+$/, '');

export type UploadPhase =
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing'; percent: number; panorama: Panorama }
  | { kind: 'ready'; panorama: Panorama }
  | { kind: 'failed'; reason: string; panorama?: Panorama };

export interface UploadFlowDeps {
  upload: (onProgress: (percent: number) => void) => Promise<Panorama>;
  poll: (panoramaId: number) => Promise<Panorama>;
  onPhase: (phase: UploadPhase) => void;
  intervalMs?: number;
  /** Resolves after `ms` (timers in tests); returns false when the flow should stop (the modal closed). */
  wait?: (ms: number) => Promise<boolean>;
}

const defaultWait = (ms: number) => new Promise<boolean>((r) => setTimeout(() => r(true), ms));

/**
 * Upload, then poll the panorama until it is ready or failed. Every step is reported through onPhase; a
 * failure of the upload or of the processing ends in 'failed' with the reason the server gave.
 */
export const runPanoramaUpload = async ({
  upload,
  poll,
  onPhase,
  intervalMs = PANORAMA_POLL_MS,
  wait = defaultWait,
}: UploadFlowDeps): Promise<UploadPhase> => {
  const report = (p: UploadPhase) => {
    onPhase(p);
    return p;
  };
  onPhase({ kind: 'uploading', percent: 0 });
  let current: Panorama;
  try {
    current = await upload((percent) => onPhase({ kind: 'uploading', percent }));
  } catch (err) {
    return report({ kind: 'failed', reason: err instanceof Error ? err.message : String(err) });
  }
  for (;;) {
    if (current.status === 'ready') return report({ kind: 'ready', panorama: current });
    if (current.status === 'failed')
      return report({ kind: 'failed', reason: current.error ?? '', panorama: current });
    onPhase({ kind: 'processing', percent: current.progress, panorama: current });
    if (!(await wait(intervalMs)))
      return { kind: 'processing', percent: current.progress, panorama: current };
    try {
      current = await poll(current.panoramaId);
    } catch {
      // A dropped poll is tried again on the next tick; the server keeps processing.
    }
  }
};
