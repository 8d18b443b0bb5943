import type { Panorama } from '@tilth/contracts/panorama.types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadPanorama } from './library.api';
import { checkPanoramaFile, panoramaNameOf, runPanoramaUpload, type UploadPhase } from './panoramaUpload';

// Issue 17 item 1 / spec 03 §5: the form refuses what the server would refuse before sending 7–80 MB, then
// shows the upload's progress and the processing's progress until the panorama is ready or failed.

const MB = 1024 * 1024;
const limits = { minBytes: 7 * MB, maxBytes: 80 * MB, maxMegapixels: 135 };
const file = (name: string, size: number, type = 'image/jpeg') => ({ name, size, type });

describe('the upload checks', () => {
  it('takes a JPG or PNG between the bounds', () => {
    expect(checkPanoramaFile(file('farm.jpg', 10 * MB), limits)).toBeNull();
    expect(checkPanoramaFile(file('farm.JPEG', 7 * MB), limits)).toBeNull();
    expect(checkPanoramaFile(file('farm.png', 80 * MB, 'image/png'), limits)).toBeNull();
  });

  it('refuses other types, even renamed', () => {
    expect(checkPanoramaFile(file('farm.gif', 10 * MB, 'image/gif'), limits)).toEqual({ key: 'upload.type' });
    expect(checkPanoramaFile(file('farm.webp', 10 * MB, 'image/webp'), limits)?.key).toBe('upload.type');
    expect(checkPanoramaFile(file('farm.jpg', 10 * MB, 'image/gif'), limits)?.key).toBe('upload.type');
  });

  it("says 'panorama cannot be smaller than 7M' below 7 MB", () => {
    expect(checkPanoramaFile(file('small.jpg', 7 * MB - 1), limits)).toEqual({ key: 'upload.tooSmall' });
  });

  it("says 'cannot exceed {n}MB' with the server's maximum", () => {
    expect(checkPanoramaFile(file('big.jpg', 80 * MB + 1), limits)).toEqual({
      key: 'upload.tooLarge',
      values: { n: 80 },
    });
    expect(checkPanoramaFile(file('big.jpg', 41 * MB), { ...limits, maxBytes: 40 * MB })?.values).toEqual({
      n: 40,
    });
  });

  it('names the panorama after the file without its extension', () => {
    expect(panoramaNameOf('North field.2026.jpg')).toBe('North field.2026');
    expect(panoramaNameOf('pond.PNG')).toBe('pond');
  });
});

const pano = (over: Partial<Panorama>): Panorama => ({
  panoramaId: 5,
  panoramaName: 'pond',
  panoramaImages: '/wfpf/v1/7/panorama/5/k/tiles',
  panoramaPreview: '/wfpf/v1/7/panorama/5/k/preview.jpg',
  panoramaThumb: '/wfpf/v1/7/panorama/5/k/thumb.jpg',
  tiles: null,
  status: 'processing',
  progress: 0,
  error: null,
  width: 8192,
  height: 4096,
  fileSize: 9 * MB,
  enabledFlag: 1,
  sceneCount: 0,
  objectVersionNumber: 1,
  creationDate: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('the progress flow', () => {
  const noWait = () => Promise.resolve(true);

  it('reports upload progress, then processing progress, then ready', async () => {
    const phases: UploadPhase[] = [];
    const polls = [pano({ progress: 40 }), pano({ progress: 90 }), pano({ status: 'ready', progress: 100 })];
    const end = await runPanoramaUpload({
      upload: async (onProgress) => {
        onProgress(30);
        onProgress(100);
        return pano({ progress: 0 });
      },
      poll: async () => polls.shift() ?? pano({ status: 'ready' }),
      onPhase: (p) => phases.push(p),
      wait: noWait,
    });
    expect(end.kind).toBe('ready');
    expect(phases.map((p) => `${p.kind}:${'percent' in p ? p.percent : '-'}`)).toEqual([
      'uploading:0',
      'uploading:30',
      'uploading:100',
      'processing:0',
      'processing:40',
      'processing:90',
      'ready:-',
    ]);
  });

  it('ends failed with the reason the server gave when processing fails', async () => {
    const end = await runPanoramaUpload({
      upload: async () => pano({}),
      poll: async () => pano({ status: 'failed', error: 'Not a 2:1 panorama' }),
      onPhase: () => undefined,
      wait: noWait,
    });
    expect(end).toMatchObject({ kind: 'failed', reason: 'Not a 2:1 panorama' });
  });

  it('ends failed with the server message when the upload is refused, and never polls', async () => {
    const poll = vi.fn();
    const end = await runPanoramaUpload({
      upload: async () => {
        throw new Error('cannot exceed 80MB');
      },
      poll,
      onPhase: () => undefined,
      wait: noWait,
    });
    expect(end).toEqual({ kind: 'failed', reason: 'cannot exceed 80MB' });
    expect(poll).not.toHaveBeenCalled();
  });

  it('keeps polling through a dropped poll and stops when the modal closes', async () => {
    let calls = 0;
    const waits = [true, true, false];
    const end = await runPanoramaUpload({
      upload: async () => pano({}),
      poll: async () => {
        calls += 1;
        if (calls === 1) throw new Error('network');
        return pano({ progress: 60 });
      },
      onPhase: () => undefined,
      wait: async () => waits.shift() ?? false,
    });
    expect(calls).toBe(2);
    expect(end).toMatchObject({ kind: 'processing', percent: 60 });
  });

  it('polls on the interval with real timers faked', async () => {
    vi.useFakeTimers();
    const poll = vi.fn(async () => pano({ status: 'ready', progress: 100 }));
    const done = runPanoramaUpload({
      upload: async () => pano({}),
      poll,
      onPhase: () => undefined,
      intervalMs: 1500,
    });
    await vi.advanceTimersByTimeAsync(1499);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).kind).toBe('ready');
    expect(poll).toHaveBeenCalledWith(5);
    vi.useRealTimers();
  });
});

// The upload itself goes through XMLHttpRequest (fetch reports no upload progress).
class FakeXhr {
  static last: FakeXhr | null = null;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: unknown = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.sent = body;
  }
}

describe('the upload call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file with the token and reports progress until the answer', async () => {
    const store = new Map<string, string>([['access_token', 'tok']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const done = uploadPanorama(7, new File([new Uint8Array(8)], 'pond.jpg', { type: 'image/jpeg' }), (p) =>
      seen.push(p),
    );
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/wfpf/v1/7/panorama/multipart');
    expect(xhr.sent).toBeInstanceOf(FormData);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.status = 202;
    xhr.responseText = JSON.stringify(pano({}));
    xhr.onload?.();
    expect((await done).panoramaId).toBe(5);
    expect(seen).toEqual([25, 100]);
  });
});
