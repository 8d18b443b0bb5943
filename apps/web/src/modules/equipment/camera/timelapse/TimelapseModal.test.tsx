import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../../test/renderWithCodes';
import { TIMELAPSE_CODE, TimelapseButton, TimelapseView } from './TimelapseModal';
import { type Timelapse, type TimelapseDefaults, timelapseKeys, videoFileName } from './timelapse.api';

// Issue 16 item 4: the growth time-lapse modal as a user sees it — progress while made, then the player.

const T = 7;
const scope = { landId: 5, batchId: 9 };
const job = (over: Partial<Timelapse>): Timelapse => ({
  id: 31,
  landId: 5,
  landName: 'House 1',
  batchId: 9,
  cameraId: null,
  from: '2026-05-01',
  to: '2026-05-31',
  fps: 12,
  quality: 'sd',
  status: 'running',
  progress: 45,
  frames: 0,
  durationSec: 0,
  error: null,
  videoUrl: null,
  objectVersionNumber: 3,
  createdAt: '2026-06-01T02:00:00Z',
  ...over,
});
const page = (content: Timelapse[]): Page<Timelapse> => ({
  content,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  number: 0,
  size: 20,
});
const defaults = (stills: number, cameraIds = [11]): TimelapseDefaults => ({
  from: '2026-05-01',
  to: '2026-05-31',
  stills,
  cameraIds,
});

const view = (data: (readonly [readonly unknown[], unknown])[]) =>
  renderWithCodes(<TimelapseView scope={scope} />, {
    codes: [TIMELAPSE_CODE],
    tenantId: T,
    data: [[timelapseKeys.defaults(T, scope), defaults(40)], ...data],
  });

describe('growth time-lapse modal', () => {
  it('shows the progress of a job being made, then plays the finished MP4 with a download', () => {
    const running = job({});
    const html = view([
      [timelapseKeys.list(T, scope), page([running])],
      [timelapseKeys.one(T, running.id), running],
    ]);
    expect(textOf(html)).toContain('Being made');
    expect(html).toContain('ant-progress');
    expect(textOf(html)).toContain('45%');
    expect(html).not.toContain('<video');
    expect(textOf(html)).toContain('40 seedling stills in this season');

    const done = job({
      status: 'done',
      progress: 100,
      frames: 30,
      durationSec: 2.5,
      videoUrl: `/wfpe/v2/${T}/camera/timelapse/31/video`,
    });
    const played = view([
      [timelapseKeys.list(T, scope), page([done])],
      [timelapseKeys.video(done.videoUrl as string), 'blob:mp4'],
    ]);
    expect(played).toMatch(/<video[^>]*src="blob:mp4"/);
    expect(played).toContain(`download="${videoFileName(done)}"`);
    expect(textOf(played)).toContain('Download MP4');
    expect(textOf(played)).not.toContain('Being made');
    // Earlier time-lapses: the range for the locale, the state and the numbers.
    expect(textOf(played)).toContain('Earlier time-lapses');
    expect(textOf(played)).toContain('May 1, 2026 – May 31, 2026');
    expect(textOf(played)).toContain('30 frames · frame rate 12 · 2.5 s');
  });

  it('says why a failed job failed', () => {
    const failed = job({ status: 'failed', error: 'ffmpeg exited 1' });
    const text = textOf(view([[timelapseKeys.list(T, scope), page([failed])]]));
    expect(text).toContain('The time-lapse could not be made');
    expect(text).toContain('ffmpeg exited 1');
  });

  it('explains where stills come from when the plot has fewer than 2', () => {
    const html = renderWithCodes(<TimelapseView scope={scope} />, {
      codes: [TIMELAPSE_CODE],
      tenantId: T,
      data: [
        [timelapseKeys.defaults(T, scope), defaults(1)],
        [timelapseKeys.list(T, scope), page([])],
      ],
    });
    expect(textOf(html)).toContain('No seedling stills yet');
    expect(textOf(html)).toContain('timed capture');
    expect(html).toContain('href="/web/equipment/camera"');
    expect(textOf(html)).not.toContain('Make time-lapse');
  });

  it('offers the action only to holders of the camera page', () => {
    const shown = renderWithCodes(<TimelapseButton scope={scope} />, { codes: [TIMELAPSE_CODE] });
    expect(textOf(shown)).toContain('Growth time-lapse');
    const hidden = renderWithCodes(<TimelapseButton scope={scope} />, { codes: [] });
    expect(textOf(hidden)).not.toContain('Growth time-lapse');
  });
});
