import { cameraCreateBody, cameraUpdateBody } from '@tilth/contracts/camera.types';
import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { type Camera, cameraKeys } from '../../equipment/camera/camera.api';
import { cameraFixture } from '../../equipment/camera/camera.fixture';
import { pageAfterDelete } from '../device/managerPaging';
import { type CameraFormValues, cameraBodyOf } from './CameraFormModal';
import { CAMERA_MANAGER_CODES as C, CameraManagerPage, withoutAll } from './CameraManagerPage';
import { CONFIG_KEYS, configToSend, defaultProvider, isSecretKey } from './cameraConfig';

// Issue 16 item 3: the camera manager (/system/cameraManager) of spec 02 §2.

const T = 7;
const VIEW = 'wfpf.company.system.cameraManager';
const page = (content: Camera[]): Page<Camera> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const manager = (codes: readonly string[], cams: Camera[] = [cameraFixture()]) =>
  textOf(
    renderWithCodes(<CameraManagerPage />, {
      codes,
      tenantId: T,
      data: [
        [[...cameraKeys.manager(T), 'page', {}, 0, 10], page(cams)],
        [['areas', T, 'options'], []],
      ],
    }),
  );

describe('camera manager', () => {
  it("shows the spec's columns and filters, 'All' type and access method by default", () => {
    const text = manager([VIEW]);
    for (const header of [
      'No.',
      'Name',
      'Device serial',
      'Camera type',
      'Access method',
      'Channel',
      'Online',
      'Base',
    ])
      expect(text).toContain(header);
    expect(text).toContain('North gate');
    expect(text).toContain('DEMO-0001');
    expect(text).toContain('Ball');
    expect(text).toContain('This server (demo / RTSP) (Demo video)');
    expect(text).toContain('East base');
    expect(text).toMatch(/Camera type\s*All/);
    expect(text).toMatch(/Access method\s*All/);
    expect(text).toContain('Reset');
  });

  it('shows delete, transfer and their bulk forms only to holders of their codes', () => {
    const viewer = manager([VIEW]);
    expect(viewer).not.toMatch(/Transfer|Delete|Add camera|\bEdit\b/);
    const single = manager([VIEW, C.del, C.transfer]);
    expect(single).toContain('Transfer');
    expect(single).toContain('Delete');
    expect(single).not.toContain('selected');
    const bulk = manager([VIEW, C.bulkDel, C.bulkTransfer, C.create, C.edit]);
    expect(bulk).toContain('Transfer selected (0)');
    expect(bulk).toContain('Delete selected (0)');
    expect(bulk).toContain('Add camera');
    expect(bulk).toMatch(/\bEdit\b/);
  });

  it('says so when there is no camera', () => {
    expect(manager([VIEW], [])).toContain('No cameras');
  });

  it("sends no type or access-method filter for 'All'", () => {
    expect(withoutAll({ name: 'x', cameraType: 2, cameraEnter: 0 })).toEqual({
      name: 'x',
      cameraType: undefined,
      cameraEnter: undefined,
    });
    expect(withoutAll({ cameraType: 0, cameraEnter: 4 })).toEqual({ cameraType: 0, cameraEnter: 4 });
  });

  it('falls back a page when a delete empties the page', () => {
    expect(pageAfterDelete(2, 3, 3)).toBe(1);
    expect(pageAfterDelete(2, 3, 2)).toBe(2);
    expect(pageAfterDelete(0, 1, 1)).toBe(0);
  });
});

describe('camera form settings', () => {
  it('sends secrets only when typed, so a blank one keeps the stored value', () => {
    expect(isSecretKey('password')).toBe(true);
    expect(isSecretKey('appSecret')).toBe(true);
    expect(isSecretKey('rtspUrl')).toBe(false);
    expect(
      configToSend('rtsp', { rtspUrl: ' rtsp://10.0.0.5/live ', password: '', onvifPort: '8000' }),
    ).toEqual({
      rtspUrl: 'rtsp://10.0.0.5/live',
      onvifPort: 8000,
    });
    expect(configToSend('rtsp', { password: 'n3w' })).toEqual({ password: 'n3w' });
    // Settings of another provider are not sent.
    expect(configToSend('demo', { rtspUrl: 'rtsp://x' })).toEqual({});
    expect(CONFIG_KEYS.ezviz).toEqual(['appKey', 'appSecret']);
  });

  it('picks the access method’s provider', () => {
    expect([1, 2, 3, 4, 5].map(defaultProvider)).toEqual(['ezviz', 'ezviz', 'gb28181', 'cmcc', 'demo']);
  });

  it('sends a camera the add and edit routes accept, settings of its provider only', () => {
    const values: CameraFormValues = {
      name: ' Pump house ',
      deviceSerial: 'CAM-9',
      cameraType: 0,
      cameraEnter: 5,
      provider: 'rtsp',
      channelNo: 1,
      clarity: 2,
      areaId: 3,
      landId: null,
      latlng: '',
      sort: 0,
      verificationCode: '',
      config: { rtspUrl: 'rtsp://10.0.0.5/live', password: 'pw', appKey: 'not-rtsp' },
    };
    const body = cameraBodyOf(values);
    expect(body).toMatchObject({ name: 'Pump house', provider: 'rtsp', latlng: null });
    expect(body.config).toEqual({ rtspUrl: 'rtsp://10.0.0.5/live', password: 'pw' });
    expect(body).not.toHaveProperty('verificationCode');
    expect(cameraCreateBody.safeParse(body).success).toBe(true);
    expect(cameraUpdateBody.safeParse({ ...body, id: 4, objectVersionNumber: 2 }).success).toBe(true);
    // A provider the access method cannot use falls back to the method's own.
    const cloud = cameraBodyOf({
      ...values,
      cameraEnter: 1,
      provider: 'demo',
      verificationCode: 'ABCDEF',
      config: {},
    });
    expect(cloud).toMatchObject({ provider: 'ezviz', verificationCode: 'ABCDEF' });
    expect(cameraCreateBody.safeParse(cloud).success).toBe(true);
  });
});
