import type { Page } from '@tilth/contracts/common.types';
import type { Panorama } from '@tilth/contracts/panorama.types';
import type { Vr } from '@tilth/contracts/vr.types';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { libraryKeys, PANORAMA_CODES, VR_CODES } from '../library/library.api';
import { PanoramaLibraryPage } from '../library/PanoramaLibraryPage';
import { VrListPage } from './VrListPage';
import { baseTags, publicUrl } from './vrListModel';

// Issue 17 items 1 and 2: the library and the tour list show what a user relies on, and each write only
// to holders of its code.

const T = 7;
const page = <R,>(content: R[]): Page<R> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});
const pano: Panorama = {
  panoramaId: 5,
  panoramaName: 'North pond',
  panoramaImages: '/wfpf/v1/7/panorama/5/k/tiles',
  panoramaPreview: '/wfpf/v1/7/panorama/5/k/preview.jpg',
  panoramaThumb: '/wfpf/v1/7/panorama/5/k/thumb.jpg',
  tiles: null,
  status: 'failed',
  progress: 0,
  error: 'Not a 2:1 panorama',
  width: 8192,
  height: 4096,
  fileSize: 9 * 1024 * 1024,
  enabledFlag: 1,
  sceneCount: 2,
  objectVersionNumber: 1,
  creationDate: '2026-11-26T10:00:00.000Z',
};
const areas = Array.from({ length: 12 }, (_, i) => ({ areaId: i + 1, areaName: `Base ${i + 1}` }));
const tour: Vr = {
  vrId: 3,
  vrName: 'Spring tour',
  vrCover: '',
  description: '',
  area: areas,
  areaId: areas.map((a) => a.areaId),
  enabledFlag: 1,
  sceneCount: 4,
  publicPath: null,
  objectVersionNumber: 2,
  creationDate: '2026-11-20T10:00:00.000Z',
  lastUpdateDate: '2026-11-25T10:00:00.000Z',
};

const library = (codes: readonly string[]) =>
  textOf(
    renderWithCodes(<PanoramaLibraryPage />, {
      codes,
      tenantId: T,
      data: [[[...libraryKeys.panoramas(T), 'page', {}, 0, 10], page([pano])]],
    }),
  );
const tours = (codes: readonly string[], rows = [tour]) =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <VrListPage />
      </MemoryRouter>,
      {
        codes,
        tenantId: T,
        data: [
          [[...libraryKeys.tours(T), 'page', {}, 0, 10], page(rows)],
          [libraryKeys.areas(T), areas],
        ],
      },
    ),
  );

describe('the panorama library', () => {
  it('shows name, pixel size, file size, status, use and date, locale formatted', () => {
    const text = library([PANORAMA_CODES.view]);
    expect(text).toContain('North pond');
    expect(text).toContain('8,192 × 4,096');
    expect(text).toContain('9 MB');
    expect(text).toContain('Failed');
    expect(text).toContain('2 scenes');
    expect(text).toContain('Nov 26, 2026');
  });

  it('upload, rename and delete only for holders of their codes', () => {
    const viewer = library([PANORAMA_CODES.view]);
    expect(viewer).not.toContain('Upload panorama');
    expect(viewer).not.toContain('Delete');
    const all = library(Object.values(PANORAMA_CODES));
    expect(all).toContain('Upload panorama');
    expect(all).toContain('Edit');
    expect(all).toContain('Delete');
  });
});

describe('the tour list', () => {
  it('shows at most 10 base tags and +n for the rest', () => {
    expect(baseTags(areas)).toMatchObject({ more: 2 });
    const text = tours([VR_CODES.view]);
    expect(text).toContain('Base 10');
    expect(text).not.toContain('Base 11 ');
    expect(text).toContain('+2');
    expect(text).toContain('Not published');
  });

  it('create, edit, publish and delete only for holders of their codes; preview for all', () => {
    const viewer = tours([VR_CODES.view]);
    expect(viewer).toContain('Preview');
    for (const label of ['New VR tour', 'Publish', 'Delete', 'Edit']) expect(viewer).not.toContain(label);
    const all = tours(Object.values(VR_CODES));
    for (const label of ['New VR tour', 'Publish', 'Delete', 'Edit']) expect(all).toContain(label);
    expect(
      tours(Object.values(VR_CODES), [{ ...tour, publicPath: '/vr/7/AbCdEfGhIjKlMnOpQrStUv' }]),
    ).toContain('Withdraw');
  });

  it('the public URL is the console origin and the published path', () => {
    expect(publicUrl('https://farm.example', '/vr/7/tok')).toBe('https://farm.example/vr/7/tok');
    expect(publicUrl('https://farm.example', null)).toBeNull();
  });

  it('an empty list invites to create', () => {
    expect(tours(Object.values(VR_CODES), [])).toContain('No VR tours yet');
  });
});
