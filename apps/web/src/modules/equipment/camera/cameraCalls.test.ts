import {
  cameraBatchDelBody,
  cameraControlBody,
  cameraLiveBody,
  cameraTransferBody,
  playbackBody,
} from '@tilth/contracts/camera.types';
import { splitTemplateCreateBody } from '@tilth/contracts/camera-capture.types';
import { farmLogPostBody } from '@tilth/contracts/farm-log.types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraLogOf } from './CaptureUploadModal';
import { cameraApi } from './camera.api';

// The console's camera calls send what the server's schemas accept (packages/contracts), so a screen
// cannot drift from its API.

const FILE = '/hfle/v1/7/files/0b5f1c2e-8d4a-4f7e-9c1b-2a3d4e5f6a7b/file';
const sent: { method: string; url: string; body: unknown; type: string | null }[] = [];
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
});

const stubFetch = (reply: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', url, body: init.body, type: headers.get('content-type') });
      return answer(reply);
    }),
  );

describe('camera calls against their contracts', () => {
  it('the capture upload saves a camera log the log route accepts', () => {
    const body = cameraLogOf(
      { id: 11, areaId: 3, landId: 4 },
      { logTitle: ' North gate ', logLevel: 'warn', description: 'Leaves yellowing' },
      '/hfle/v1/7/files/0b5f1c2e-8d4a-4f7e-9c1b-2a3d4e5f6a7b/file',
    );
    expect(body).toMatchObject({
      logTitle: 'North gate',
      logType: 'image',
      content: ['/hfle/v1/7/files/0b5f1c2e-8d4a-4f7e-9c1b-2a3d4e5f6a7b/file'],
    });
    expect(farmLogPostBody.safeParse(body).success).toBe(true);
    const noDescription = cameraLogOf(
      { id: 11, areaId: null, landId: null },
      { logTitle: 'x', logLevel: 'info' },
      FILE,
    );
    expect(noDescription).not.toHaveProperty('description');
    expect(farmLogPostBody.safeParse(noDescription).success).toBe(true);
  });

  it('pan-tilt is sent form-encoded with the direction', async () => {
    stubFetch(1);
    await expect(cameraApi.control(7, 11, 2)).resolves.toBe(1);
    await cameraApi.control(7, 11, -1);
    expect(sent.map((s) => [s.method, s.url, String(s.body), s.type])).toEqual([
      ['POST', '/wfpe/v1/7/camera/11', 'direction=2', 'application/x-www-form-urlencoded'],
      ['POST', '/wfpe/v1/7/camera/11', 'direction=-1', 'application/x-www-form-urlencoded'],
    ]);
    for (const s of sent)
      expect(
        cameraControlBody.safeParse(Object.fromEntries(new URLSearchParams(String(s.body)))).success,
      ).toBe(true);
  });

  it('live, playback, bulk delete, transfer and templates send bodies their routes accept', async () => {
    stubFetch({});
    await cameraApi.live(7, 11);
    await cameraApi.playback(7, 11, {
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-01T01:00:00.000Z',
      speed: 2,
    });
    await cameraApi.batchDelete(7, [1, 2]);
    await cameraApi.transfer(7, { ids: [1], areaId: 3, landId: 4 });
    await cameraApi.createTemplate(7, { name: 'Gate', layout: 4, cells: [{ index: 0, cameraId: 11 }] });
    const [live, play, del, move, tpl] = sent.map((s) => JSON.parse(String(s.body)) as unknown);
    expect(sent.map((s) => s.url)).toEqual([
      '/wfpe/v1/7/camera/live',
      '/wfpe/v1/7/camera/11/playback',
      '/wfpe/v2/7/camera/batch/del',
      '/wfpe/v2/7/camera/transfer',
      '/wfpe/v1/7/camera/template',
    ]);
    expect(cameraLiveBody.safeParse(live).success).toBe(true);
    expect(playbackBody.safeParse(play).success).toBe(true);
    expect(cameraBatchDelBody.safeParse(del).success).toBe(true);
    expect(cameraTransferBody.safeParse(move).success).toBe(true);
    expect(splitTemplateCreateBody.safeParse(tpl).success).toBe(true);
  });

  it('the camera manager always asks for the owner relation', async () => {
    stubFetch({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 10 });
    await cameraApi.managerPage(7, { page: 0, size: 10, cameraEnter: 5 });
    expect(sent[0]?.url).toBe('/wfpe/v2/7/camera/page?page=0&size=10&cameraEnter=5&relation=owner');
  });
});
