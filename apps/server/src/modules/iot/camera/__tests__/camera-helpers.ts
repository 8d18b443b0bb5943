import type { ErrorBody } from '@tilth/contracts';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auth, json, type RoleTokens, type TestServer } from '../../../../test/harness.js';
import {
  CameraOfflineError,
  type CameraProvider,
  type CameraRef,
  PresetMissingError,
} from '../../camera-media/index.js';

// A provider double for the camera API tests (camera-media's real providers are tested there).

export interface FakeProvider extends CameraProvider {
  calls: string[];
  offline: boolean;
  /** The presets the camera itself holds, as `cameraId:index` (clear it to play a reset camera). */
  held: Set<string>;
}

export const fakeProvider = async (name = 'demo'): Promise<FakeProvider> => {
  const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  const p: FakeProvider = {
    name,
    calls: [],
    offline: false,
    held: new Set(),
    online: async () => !p.offline,
    live: async (cam: CameraRef, q) => {
      if (p.offline) throw new CameraOfflineError('offline');
      return {
        kind: 'mpegts',
        url: `/media/v1/${cam.tenantId}/${cam.cameraId}/${q}.ts?sig=s&exp=60`,
        expiresIn: 60,
      };
    },
    recordings: async (_cam, r) => [{ from: r.from, to: r.to }],
    playback: async (cam, _r, speed) => ({
      kind: 'mpegts',
      url: `/media/v1/${cam.tenantId}/${cam.cameraId}/playback.ts?speed=${speed}&sig=s`,
      expiresIn: 60,
    }),
    ptz: async (cam, d) => {
      if (p.offline) throw new CameraOfflineError('offline');
      p.calls.push(`ptz ${cam.cameraId} ${d}`);
    },
    presetSet: async (cam, i, n) => {
      p.calls.push(`set ${cam.cameraId} ${i} ${n}`);
      p.held.add(`${cam.cameraId}:${i}`);
    },
    presetGo: async (cam, i) => {
      if (p.offline) throw new CameraOfflineError('offline');
      if (!p.held.has(`${cam.cameraId}:${i}`)) throw new PresetMissingError(`no preset ${i}`);
      p.calls.push(`go ${cam.cameraId} ${i}`);
    },
    presetDelete: async (cam, i) => {
      p.calls.push(`del ${cam.cameraId} ${i}`);
      p.held.delete(`${cam.cameraId}:${i}`);
    },
    capture: async (cam) => {
      if (p.offline) throw new CameraOfflineError('offline');
      p.calls.push(`capture ${cam.cameraId}`);
      return { data: jpeg, takenAt: new Date() };
    },
  };
  return p;
};

export type Who = keyof RoleTokens | string;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as a role (or a token) with English messages. */
export const caller = (s: TestServer, tokens: Record<string, string>) => {
  const call = (
    who: Who,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    s.inject({
      method,
      url,
      headers: { ...auth(tokens[who] ?? who), 'accept-language': 'en-US', ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T = Record<string, unknown>>(
    who: Who,
    method: Method,
    url: string,
    payload?: unknown,
  ) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return json<T>(res);
  };
  const refused = async (status: number, who: Who, method: Method, url: string, payload?: unknown) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<ErrorBody>(res);
  };
  return { call, ok, refused };
};
