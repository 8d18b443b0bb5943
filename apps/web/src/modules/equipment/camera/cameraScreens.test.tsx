import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { CAMERA_CONTROL_CODE, CameraView } from './CameraModal';
import { CameraPage, latestStillOf, scopeOfKey } from './CameraPage';
import { type Camera, type CameraPreset, cameraKeys } from './camera.api';
import { cameraFixture } from './camera.fixture';
import { CAMERA_PAGE_SIZE } from './cameraFormat';
import { VideoSurveillancePage } from './VideoSurveillancePage';

// Issue 16 item 3: the camera page, the camera modal's view and the split screen, as a user sees them.

const T = 7;
const page = <X,>(content: X[]): Page<X> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: CAMERA_PAGE_SIZE,
});
const VIEW = 'wfpf.farm.equipment.camera';

const cameraPage = (cams: Camera[]) =>
  textOf(
    renderWithCodes(<CameraPage />, {
      codes: [VIEW],
      tenantId: T,
      data: [
        [[...cameraKeys.tenant(T), { page: 0, size: CAMERA_PAGE_SIZE }], page(cams)],
        [['areas', T, 'options'], [{ areaId: 3, areaName: 'East base' }]],
      ],
    }),
  );

const preset: CameraPreset = {
  id: 2,
  cameraId: 11,
  index: 1,
  name: 'Gate view',
  creationDate: '2026-01-01T00:00:00Z',
};
const view = (codes: string[], cam: Camera) =>
  textOf(
    renderWithCodes(<CameraView tenantId={T} camera={cam} />, {
      codes,
      tenantId: T,
      data: [[cameraKeys.presets(T, cam.id), [preset]]],
    }),
  );

describe('camera page (/web/equipment/camera)', () => {
  it('shows a card per camera with its online state, base and plot, and the base tree', () => {
    const text = cameraPage([
      cameraFixture(),
      cameraFixture({ id: 12, name: 'Greenhouse', online: 0, relation: 'share', status: 0 }),
    ]);
    expect(text).toContain('North gate');
    expect(text).toContain('Online');
    expect(text).toContain('East base / Plot 4');
    expect(text).toContain('Greenhouse');
    expect(text).toContain('Offline');
    expect(text).toContain('Shared');
    expect(text).toContain('Disabled');
    expect(text).toContain('All bases');
  });

  it('says so when there is no camera', () => {
    expect(cameraPage([])).toContain('No cameras here yet');
  });

  it('reads a tree key as a base or a plot', () => {
    expect(scopeOfKey('all')).toEqual({});
    expect(scopeOfKey('a:3')).toEqual({ areaId: 3 });
    expect(scopeOfKey('l:3:9')).toEqual({ areaId: 3, landId: 9 });
  });

  it("shows a camera's newest still when it has no cover", () => {
    const latest = latestStillOf([
      { cameraId: 11, fileUrl: '/hfle/v1/7/files/b/file' },
      { cameraId: 12, fileUrl: '/hfle/v1/7/files/c/file' },
      { cameraId: 11, fileUrl: '/hfle/v1/7/files/a/file' },
    ]);
    expect(latest.get(11)).toBe('/hfle/v1/7/files/b/file');
    expect(latest.get(12)).toBe('/hfle/v1/7/files/c/file');
  });
});

describe('camera modal view', () => {
  it('offers screenshot and capture to every viewer, pan-tilt and presets only with the control code', () => {
    const viewer = view([VIEW], cameraFixture());
    expect(viewer).toContain('Screenshot');
    expect(viewer).toContain('Capture');
    expect(viewer).toContain('Live');
    expect(viewer).toContain('Playback');
    expect(viewer).toContain('HD');
    expect(viewer).not.toContain('Pan-tilt');
    expect(viewer).not.toContain('Gate view');
    const controller = view([VIEW, CAMERA_CONTROL_CODE], cameraFixture());
    expect(controller).toContain('Pan-tilt');
    expect(controller).toContain('Presets');
    expect(controller).toContain('1. Gate view');
  });

  it('keeps a shared camera view-only even for a holder of the control code', () => {
    const text = view([VIEW, CAMERA_CONTROL_CODE], cameraFixture({ relation: 'share' }));
    expect(text).toContain('Screenshot');
    expect(text).not.toContain('Pan-tilt');
  });

  it('says camera disabled over the video of a disabled camera', () => {
    expect(view([VIEW], cameraFixture({ status: 0 }))).toContain('camera disabled');
  });
});

describe('video surveillance (/web/equipment/videosurveillance)', () => {
  it('offers the 1 / 4 / 9 / 16 splits, the saved templates and a camera picker per cell', () => {
    const html = renderWithCodes(<VideoSurveillancePage />, {
      codes: ['wfpf.farm.equipment.videosurveillance'],
      tenantId: T,
      data: [
        [cameraKeys.templates(T), []],
        [cameraKeys.options(T), [cameraFixture()]],
      ],
    });
    const text = textOf(html);
    for (const n of [1, 4, 9, 16]) expect(text).toContain(`${n} split`);
    expect(text).toContain('Save as template');
    // The default split is 2×2: four cells, each with its picker.
    expect(html.match(/tl-cam-split__cell/g)?.length).toBe(4);
    expect(text.match(/Pick a camera/g)?.length).toBe(4);
  });
});
