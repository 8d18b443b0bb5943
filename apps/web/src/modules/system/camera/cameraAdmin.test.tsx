import { cameraBindingBody, cameraDisableBody, cameraSaveShareBody } from '@tilth/contracts/camera.types';
import { scheduleCreateBody, scheduleUpdateBody } from '@tilth/contracts/camera-capture.types';
import type { MapFeatures } from '@tilth/contracts/map.types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromInstant } from '../../../shared/format/time';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { cameraFixture } from '../../equipment/camera/camera.fixture';
import { cameraPosition, ringCentroid } from '../../farm/map/components/cameraPosition';
import { CAMERA_MANAGER_CODES as C, CameraManagerPage } from './CameraManagerPage';
import { type ShareFormValues, ShareList, shareBodyOf, shareFormError } from './CameraShareModal';
import { durationOf, timingFormError, windowText } from './CameraTimingModal';
import { cameraAdminApi, GATEWAY_TYPE_KEYS } from './cameraAdmin.api';

// Issue 16 Deliver 3 and 5: the camera manager's share, disable, binding and timing dialogs, cameras on
// the farm map.

const T = 7;
const NOW = Date.parse('2026-11-26T08:00:00Z');
const later = fromInstant(NOW + 3_600_000);
const earlier = fromInstant(NOW - 60_000);

describe('camera manager row actions', () => {
  const manager = (codes: readonly string[]) =>
    textOf(
      renderWithCodes(<CameraManagerPage />, {
        codes,
        tenantId: T,
        data: [
          [
            ['camera', T, 'manager', 'page', {}, 0, 10],
            {
              content: [cameraFixture({ status: 0, isShare: 1 })],
              totalElements: 1,
              totalPages: 1,
              number: 0,
              size: 10,
            },
          ],
          [['areas', T, 'options'], []],
        ],
      }),
    );
  it('offers share, timing, binding and enable under More to holders of the edit code, and tags the row', () => {
    const text = manager(['wfpf.company.system.cameraManager', C.edit]);
    expect(text).toContain('More');
    expect(text).toContain('Disabled');
    expect(text).toContain('Shared out');
    expect(manager(['wfpf.company.system.cameraManager'])).not.toContain('More');
  });
});

describe('share dialog rules', () => {
  const ok: ShareFormValues = { target: 'tenant', toTenantId: 9, expiresAt: later };
  it('needs a target and an expiry in the future', () => {
    expect(shareFormError(ok, T, NOW)).toBeNull();
    expect(shareFormError({ ...ok, toTenantId: null }, T, NOW)).toBe('share.tenantRequired');
    expect(shareFormError({ ...ok, expiresAt: null }, T, NOW)).toBe('share.expiryRequired');
    expect(shareFormError({ ...ok, expiresAt: earlier }, T, NOW)).toBe('share.expiryPast');
    expect(shareFormError({ target: 'user', expiresAt: later }, T, NOW)).toBe('share.userRequired');
    expect(shareFormError({ target: 'user', toUserId: 5, expiresAt: later }, T, NOW)).toBeNull();
  });

  it('refuses the own tenant as a whole (within it, a camera is shared to a user)', () => {
    expect(shareFormError({ ...ok, toTenantId: T }, T, NOW)).toBe('share.notOwnTenant');
  });

  it('sends what save-share accepts: a tenant or a user, never both', () => {
    const at = '2026-11-27T08:00:00+08:00';
    const toTenant = shareBodyOf({ ...ok, toUserId: 3 }, 11, at);
    expect(toTenant).toEqual({ cameraId: 11, toTenantId: 9, expiresAt: at });
    expect(cameraSaveShareBody.safeParse(toTenant).success).toBe(true);
    const toUser = shareBodyOf({ target: 'user', toTenantId: 9, toUserId: 3, expiresAt: later }, 11, at);
    expect(toUser).toEqual({ cameraId: 11, toUserId: 3, expiresAt: at });
    expect(cameraSaveShareBody.safeParse(toUser).success).toBe(true);
  });

  it('lists the shares with their target, state and a revoke for the owner', () => {
    const share = {
      id: 1,
      cameraId: 11,
      toTenantId: 9,
      toUserId: null,
      expiresAt: '2026-12-01T00:00:00Z',
      expired: false,
      viewOnly: 1 as const,
      creationDate: '2026-11-01T00:00:00Z',
    };
    const html = renderWithCodes(
      <ShareList
        shares={[share, { ...share, id: 2, toTenantId: T, toUserId: 5, expired: true }]}
        userName={(id) => (id === 5 ? 'Li Lei' : undefined)}
        onRevoke={() => undefined}
      />,
      { codes: [] },
    );
    const text = textOf(html);
    expect(text).toContain('Tenant 9');
    expect(text).toContain('User Li Lei');
    expect(text).toContain('Active');
    expect(text).toContain('Expired');
    expect(text.match(/Revoke/g)).toHaveLength(2);
    expect(
      textOf(renderWithCodes(<ShareList shares={[]} userName={() => undefined} />, { codes: [] })),
    ).toContain('Not shared yet');
  });
});

describe('timing dialog rules (spec 02 §5)', () => {
  it('takes the photo interval at least 30 minutes and not above the duration', () => {
    const day = { startMin: 6 * 60, endMin: 16 * 60 };
    expect(timingFormError({ ...day, intervalMin: 60 })).toBeNull();
    expect(timingFormError({ ...day, intervalMin: 29 })).toBe('timing.intervalMin');
    expect(timingFormError({ ...day, intervalMin: 600 })).toBeNull();
    expect(timingFormError({ ...day, intervalMin: 601 })).toBe('timing.intervalOverDuration');
    expect(timingFormError({ startMin: 600, endMin: 630, intervalMin: 45 })).toBe(
      'timing.intervalOverDuration',
    );
    expect(timingFormError({ ...day, intervalMin: null })).toBe('timing.intervalRequired');
    expect(timingFormError({ startMin: null, endMin: 1, intervalMin: 30 })).toBe('timing.startRequired');
  });

  it('reads an end at or before the start as the next day', () => {
    expect(durationOf(22 * 60, 6 * 60)).toBe(480);
    expect(durationOf(360, 360)).toBe(1440);
    expect(windowText({ startTime: '22:00', durationMin: 480 })).toBe('22:00–06:00');
    expect(windowText({ startTime: '07:00', durationMin: 600 })).toBe('07:00–17:00');
  });

  it('agrees with the server schema on what it sends', () => {
    const body = {
      cameraId: 11,
      startTime: '06:00',
      durationMin: 600,
      intervalMin: 60,
      presetIndex: 2,
      active: 1,
    };
    expect(scheduleCreateBody.safeParse(body).success).toBe(true);
    expect(scheduleCreateBody.safeParse({ ...body, intervalMin: 601 }).success).toBe(false);
    expect(scheduleUpdateBody.safeParse({ ...body, id: 3, objectVersionNumber: 1 }).success).toBe(true);
  });
});

const sent: { method: string; url: string; body: unknown }[] = [];
afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
});
const stubFetch = (reply: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
    }),
  );

describe('disable and binding calls', () => {
  it('disables and enables with the version, binds and unbinds with contentratorId', async () => {
    stubFetch(cameraFixture());
    const cam = { id: 11, objectVersionNumber: 4 };
    await cameraAdminApi.setStatus(T, cam, 0);
    await cameraAdminApi.setStatus(T, cam, 1);
    await cameraAdminApi.bind(T, cam, 21);
    await cameraAdminApi.bind(T, cam, null);
    expect(sent.map((s) => `${s.method} ${new URL(s.url, 'http://x').pathname}`)).toEqual([
      'POST /wfpe/v1/7/camera/11/disable',
      'POST /wfpe/v1/7/camera/11/disable',
      'POST /wfpe/v1/7/camera/11/binding',
      'POST /wfpe/v1/7/camera/11/binding',
    ]);
    expect(sent[0]?.body).toEqual({ status: 0, objectVersionNumber: 4 });
    for (const s of sent.slice(0, 2)) expect(cameraDisableBody.safeParse(s.body).success).toBe(true);
    expect(sent[2]?.body).toEqual({ contentratorId: 21, objectVersionNumber: 4 });
    expect(sent[3]?.body).toEqual({ contentratorId: null, objectVersionNumber: 4 });
    for (const s of sent.slice(2)) expect(cameraBindingBody.safeParse(s.body).success).toBe(true);
  });

  it('lists gateways through the device list call, one gateway type at a time', async () => {
    stubFetch([]);
    await cameraAdminApi.gateways(T);
    expect(GATEWAY_TYPE_KEYS.length).toBeGreaterThan(0);
    const types = sent.map((s) => new URL(s.url, 'http://x').searchParams.get('deviceType'));
    expect(types.sort()).toEqual([...GATEWAY_TYPE_KEYS].sort());
    expect(sent.every((s) => new URL(s.url, 'http://x').pathname === '/wfpe/v1/7/device/all')).toBe(true);
  });
});

describe('cameras on the farm map', () => {
  const features: MapFeatures = {
    bases: [
      {
        areaId: 3,
        areaName: 'East base',
        areaNum: null,
        areaCenter: '22.9,113.3',
        areaUsage: 'plant',
        landCount: 2,
        areaMu: 1,
      },
    ],
    plots: [
      {
        landId: 4,
        landName: 'Plot 4',
        landNum: null,
        areaId: 3,
        boundary: [
          [
            [113, 22],
            [113.002, 22],
            [113.002, 22.002],
            [113, 22.002],
            [113, 22],
          ],
        ],
        landCenter: null,
        areaM2: null,
        areaMu: null,
        landUsage: 'plant',
        enabledFlag: 1,
        batchId: null,
        batchName: null,
        cropName: null,
      },
    ],
  };
  it('puts a camera at its own location, else its plot centroid, else its base centre', () => {
    expect(cameraPosition(cameraFixture({ latlng: '22.5,113.5' }), features)).toEqual([22.5, 113.5]);
    const [lat, lng] = cameraPosition(cameraFixture(), features) ?? [0, 0];
    expect(lat).toBeCloseTo(22.001, 6);
    expect(lng).toBeCloseTo(113.001, 6);
    expect(cameraPosition(cameraFixture({ landId: null }), features)).toEqual([22.9, 113.3]);
    expect(cameraPosition(cameraFixture({ landId: null, areaId: null }), features)).toBeNull();
  });

  it('takes the vertex mean of a degenerate ring', () => {
    expect(
      ringCentroid([
        [113, 22],
        [113, 22],
      ]),
    ).toEqual([22, 113]);
  });
});
