import type { CameraLive } from '@tilth/contracts/camera.types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../modules/identity/identity/identity.tables.js';
import { linkScene } from '../../modules/iot/camera-media/__tests__/media.helpers.js';
import { sessionIdOf } from '../../platform/auth/tokens.js';
import { auth, login, startTestServer, type TestServer } from '../harness.js';

// Issue 16 item 5: a camera's stream URL is signed, short-lived and bound to tenant, camera and viewer, and
// the video ends with what admitted it — a disabled camera at once, a session revoked by another process
// within the periodic re-check — over real HTTP against a listening server with the demo provider.

let server: TestServer;
let base = '';
let token = '';
let tenantA = 0;
let cameraId = 0;
let version = 0;

const api = async <T>(
  method: string,
  url: string,
  body?: unknown,
  as = token,
): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...auth(as), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
};

/** Opens a stream URL and resolves `ended` when the server closes it. */
const play = async (url: string) => {
  const abort = new AbortController();
  const res = await fetch(`${base}${url}`, { signal: abort.signal });
  let bytes = 0;
  const ended = (async () => {
    if (res.status !== 200 || !res.body) return Date.now();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
    } catch {
      // aborted by the test
    }
    return Date.now();
  })();
  return { status: res.status, bytes: () => bytes, ended, close: () => abort.abort() };
};

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms).unref())]);

const live = async (as = token) =>
  (await api<CameraLive>('POST', `/wfpe/v1/${tenantA}/camera/live`, { cameraId, protocol: 1 }, as)).body;

beforeAll(async () => {
  server = await startTestServer({ TILTH_STREAM_RECHECK_SEC: '1' });
  await linkScene(server.platform.config.dataDir);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  tenantA = server.fixtures.tenantA;
  token = await login(server, 'adminA');
  const area = await api<{ areaId: number }>('POST', `/wfpf/v1/${tenantA}/area`, { areaName: 'Stream base' });
  const cam = await api<{ id: number; objectVersionNumber: number }>('POST', `/wfpe/v1/${tenantA}/camera`, {
    name: 'Gate',
    deviceSerial: 'SEC-CAM-1',
    cameraType: '0',
    cameraEnter: 5,
    provider: 'demo',
    areaId: area.body.areaId,
  });
  expect(cam.status).toBe(200);
  cameraId = cam.body.id;
  version = cam.body.objectVersionNumber;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('camera stream URLs', () => {
  it("plays for its viewer; refused on another tenant's path or another camera", async () => {
    const { url } = await live();
    const s = await play(url);
    expect(s.status).toBe(200);
    await expect.poll(() => s.bytes(), { timeout: 10_000 }).toBeGreaterThan(0);
    s.close();
    const other = url.replace(`/wfpe/v1/${tenantA}/`, `/wfpe/v1/${server.fixtures.tenantB}/`);
    expect((await fetch(`${base}${other}`)).status).toBe(403);
    const elsewhere = url.replace(`/camera/stream/${cameraId}`, `/camera/stream/${cameraId + 1}`);
    expect((await fetch(`${base}${elsewhere}`)).status).toBe(403);
    // Another tenant's administrator cannot even ask for one.
    const b = await live(await login(server, 'adminB'));
    expect(b).toMatchObject({ code: expect.any(String) });
  }, 30_000);

  it('ends at once when the camera is disabled, and is not handed out while it is', async () => {
    const s = await play((await live()).url);
    await expect.poll(() => s.bytes(), { timeout: 10_000 }).toBeGreaterThan(0);
    const off = await api<{ objectVersionNumber: number }>(
      'POST',
      `/wfpe/v1/${tenantA}/camera/${cameraId}/disable`,
      {
        status: 0,
        objectVersionNumber: version,
      },
    );
    expect(off.status).toBe(200);
    version = off.body.objectVersionNumber;
    expect(await within(s.ended, 3_000)).not.toBe('still open');
    const refused = await api<{ code: string }>('POST', `/wfpe/v1/${tenantA}/camera/live`, {
      cameraId,
      protocol: 1,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'wfpe.warn.camera.disable' } });
    const on = await api<{ objectVersionNumber: number }>(
      'POST',
      `/wfpe/v1/${tenantA}/camera/${cameraId}/disable`,
      {
        status: 1,
        objectVersionNumber: version,
      },
    );
    expect(on.status).toBe(200);
    version = on.body.objectVersionNumber;
  }, 30_000);

  it('ends within the re-check when another process revokes the session', async () => {
    const own = await login(server, 'adminA');
    const s = await play((await live(own)).url);
    await expect.poll(() => s.bytes(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Several re-checks pass while the session is valid.
    expect(await within(s.ended, 2_500)).toBe('still open');
    const sid = await sessionIdOf(server.platform.keys, own);
    if (!sid) throw new Error('no session id');
    // Written to the database directly, as another process would: no in-process notification.
    await server.platform.database.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(authSessions.id, sid));
    expect(await within(s.ended, 8_000)).not.toBe('still open');
  }, 30_000);
});
