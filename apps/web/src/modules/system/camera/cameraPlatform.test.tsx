import type { CameraPlatform } from '@tilth/contracts/camera-platform.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { cameraKeys } from '../../equipment/camera/camera.api';
import { CameraManagerPage } from './CameraManagerPage';
import { CameraPlatformForm, platformBodyOf } from './CameraPlatformDrawer';

// Platform access of the camera manager (issue 16): secrets shown as ••• and kept unless typed again.

const ezviz: CameraPlatform = {
  provider: 'ezviz',
  configured: true,
  id: 1,
  config: { baseUrl: 'https://open.ys7.com' },
  secretKeys: ['appKey', 'appSecret'],
  objectVersionNumber: 3,
  lastUpdateDate: '2026-11-26T06:00:00Z',
};

describe('camera platform access', () => {
  it('leaves blank secrets out of the PUT (kept) and sends the version', () => {
    expect(
      platformBodyOf(ezviz, { baseUrl: ' https://open.ys7.com ', appKey: '', appSecret: 'new' }),
    ).toEqual({
      config: { baseUrl: 'https://open.ys7.com', appSecret: 'new' },
      objectVersionNumber: 3,
    });
  });

  it('shows set secrets as ••• with the kept hint, and the platform fields by name', () => {
    const html = renderWithCodes(<CameraPlatformForm tenantId={7} platform={ezviz} />, { codes: [] });
    expect(html).toContain('placeholder="•••"');
    const text = textOf(html);
    for (const label of ['Server address', 'App key', 'App secret', 'Set; left blank it is kept'])
      expect(text).toContain(label);
  });

  it('offers the Platform access button to a camera editor only', () => {
    const page = (codes: string[]) =>
      textOf(
        renderWithCodes(<CameraManagerPage />, {
          codes,
          tenantId: 7,
          data: [
            [
              [...cameraKeys.manager(7), 'page', {}, 0, 10],
              { content: [], totalElements: 0, totalPages: 0, number: 0, size: 10 },
            ],
            [['areas', 7, 'options'], []],
          ],
        }),
      );
    const VIEW = 'wfpf.company.system.cameraManager';
    expect(page([VIEW, 'wfpf.farm.equipment.camera.ps.edit'])).toContain('Platform access');
    expect(page([VIEW])).not.toContain('Platform access');
  });
});
