import type { Page } from '@tilth/contracts/common.types';
import type { DeviceCreated } from '@tilth/contracts/device.types';
import type { FamilyDevice, FamilyDeviceCreated } from '@tilth/contracts/device-family-paths.types';
import { expect } from 'vitest';
import { auth, type RoleTokens, type TestServer } from '../../../../test/harness.js';

// The promise every spec 02 §7 family path keeps, checked the same way for each family: the path's
// types only, create → details → edit (stale → 409) → delete, another type 404, another tenant 404,
// viewer 403 on writes, bad body 400 with nothing stored.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FamilyCase {
  /** Paths with '{t}' for the tenant, '{id}' and '{eui}' for the device. */
  create: string;
  update: string;
  remove: string;
  /** A GET answering one device (details, or the area call when the family has no details path). */
  details: string;
  /** A GET answering a page or an array of the family's devices. */
  list?: string;
  /** The path's types; the first is the default of a create without deviceType. */
  types: readonly string[];
  /** A type the path does not serve. */
  other: string;
}

export class FamilyApi {
  private serial = 0;
  constructor(
    readonly s: TestServer,
    readonly t: RoleTokens,
  ) {}

  get A(): number {
    return this.s.fixtures.tenantA;
  }
  get B(): number {
    return this.s.fixtures.tenantB;
  }

  call(who: keyof RoleTokens, method: Method, url: string, payload?: object) {
    return this.s.inject({
      method,
      url,
      headers: { ...auth(this.t[who]), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  path(p: string, tenant: number, d?: { id: number; eui: string }): string {
    return p
      .replace('{t}', String(tenant))
      .replace('{id}', String(d?.id ?? ''))
      .replace('{eui}', d?.eui ?? '');
  }

  nextEui(prefix = 'FP'): string {
    this.serial += 1;
    return `${prefix}-${process.pid}-${this.serial}`;
  }

  /** Registers a device through the generic registry (any type). */
  async make(deviceType: string, extra: Record<string, unknown> = {}): Promise<FamilyDevice> {
    const res = await this.call('admin', 'POST', `/wfpe/v1/${this.A}/device`, {
      deviceType,
      name: `${deviceType} ${this.serial}`,
      eui: this.nextEui(),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DeviceCreated).device as FamilyDevice;
  }

  async count(): Promise<number> {
    const res = await this.call('admin', 'GET', `/wfpe/v1/${this.A}/device/page?size=0`);
    return (res.json() as Page<unknown>).totalElements;
  }
}

const idsOf = (body: unknown): number[] => {
  const items = Array.isArray(body) ? body : (body as Page<FamilyDevice>).content;
  return (items as FamilyDevice[]).map((d) => d.id);
};

/** Runs the shared CRUD scenario of one family path; answers the id of a live device of the family. */
export const checkFamilyCrud = async (api: FamilyApi, c: FamilyCase): Promise<number> => {
  const { A, B } = api;
  const p = (x: string, d?: { id: number; eui: string }, tenant = A) => api.path(x, tenant, d);
  const before = await api.count();

  // Bad bodies: 400, nothing stored.
  for (const bad of [
    { name: 'x', eui: 'a b' },
    { eui: api.nextEui() },
    { name: 'x', eui: api.nextEui(), deviceType: c.other },
    { name: 'x', eui: api.nextEui(), unknownField: 1 },
  ]) {
    const res = await api.call('admin', 'POST', p(c.create), bad);
    expect(res.statusCode, `${c.create} ${JSON.stringify(bad)}: ${res.body}`).toBe(400);
  }
  expect(await api.count()).toBe(before);

  // The viewer may look but not write.
  const denied = await api.call('viewer', 'POST', p(c.create), { name: 'v', eui: api.nextEui() });
  expect(denied.statusCode).toBe(403);
  expect(await api.count()).toBe(before);

  // Create without deviceType: the path's first type; credentials shown once.
  const eui = api.nextEui();
  const made = await api.call('admin', 'POST', p(c.create), { name: 'Family one', eui });
  expect(made.statusCode, made.body).toBe(200);
  const created = made.json() as FamilyDeviceCreated;
  expect(created.device).toMatchObject({ deviceType: c.types[0], name: 'Family one', eui, imeI: eui });
  expect(created.device.concentratorId).toBe(created.device.id);
  expect(created.credentials.password.length).toBeGreaterThan(10);
  const id = created.device.id;
  const me = created.device;

  const other = await api.make(c.other);

  // Details: the family's device yes, another type's 404.
  const got = await api.call('viewer', 'GET', p(c.details, me));
  expect(got.statusCode, got.body).toBe(200);
  expect(got.json()).toMatchObject({ id, name: 'Family one' });
  expect(got.body).not.toContain(created.credentials.password);
  expect((await api.call('admin', 'GET', p(c.details, other))).statusCode).toBe(404);

  // Lists: only the path's types.
  if (c.list) {
    const res = await api.call('viewer', 'GET', p(c.list));
    expect(res.statusCode, res.body).toBe(200);
    const ids = idsOf(res.json());
    expect(ids).toContain(id);
    expect(ids).not.toContain(other.id);
    const body = res.json() as Page<FamilyDevice> | FamilyDevice[];
    const items = Array.isArray(body) ? body : body.content;
    for (const d of items) expect(c.types).toContain(d.deviceType);
    const wrong = await api.call('admin', 'GET', `${p(c.list)}?deviceType=${c.other}`);
    expect(wrong.statusCode).toBe(400);
  }

  // Edit, then a stale objectVersionNumber → 409; another type via this path → 404, unchanged.
  const v1 = created.device.objectVersionNumber;
  const edited = await api.call('admin', 'PUT', p(c.update), {
    id,
    objectVersionNumber: v1,
    name: 'Family renamed',
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Family renamed', objectVersionNumber: v1 + 1 });
  const stale = await api.call('admin', 'PUT', p(c.update), { id, objectVersionNumber: v1, name: 'Lost' });
  expect(stale.statusCode).toBe(409);
  const hijack = await api.call('admin', 'PUT', p(c.update), {
    id: other.id,
    objectVersionNumber: other.objectVersionNumber,
    name: 'Hijacked',
  });
  expect(hijack.statusCode).toBe(404);
  const badEdit = await api.call('admin', 'PUT', p(c.update), { id, objectVersionNumber: v1 + 1, name: '' });
  expect(badEdit.statusCode).toBe(400);
  const viewerEdit = await api.call('viewer', 'PUT', p(c.update), {
    id,
    objectVersionNumber: v1 + 1,
    name: 'Viewer',
  });
  expect(viewerEdit.statusCode).toBe(403);

  // Another tenant: A's path refuses B's admin (403); B's own path does not find A's device (404).
  expect((await api.call('adminB', 'GET', p(c.details, me))).statusCode).toBe(403);
  expect((await api.call('adminB', 'GET', p(c.details, me, B))).statusCode).toBe(404);
  expect((await api.call('adminB', 'DELETE', p(c.remove, me, B))).statusCode).toBe(404);
  const bEdit = await api.call('adminB', 'PUT', p(c.update, undefined, B), {
    id,
    objectVersionNumber: v1 + 1,
    name: 'From B',
  });
  expect(bEdit.statusCode).toBe(404);

  // Delete: viewer 403, another type 404 (and still there), then 1 and gone.
  expect((await api.call('viewer', 'DELETE', p(c.remove, me))).statusCode).toBe(403);
  expect((await api.call('admin', 'DELETE', p(c.remove, other))).statusCode).toBe(404);
  const otherStill = await api.call('admin', 'GET', `/wfpe/v1/${A}/device/${other.id}/details`);
  expect(otherStill.json()).toMatchObject({ name: other.name });

  const live = await api.call('admin', 'POST', p(c.create), { name: 'Family two', eui: api.nextEui() });
  expect(live.statusCode).toBe(200);
  const deleted = await api.call('admin', 'DELETE', p(c.remove, me));
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(deleted.json()).toBe(1);
  expect((await api.call('admin', 'GET', p(c.details, me))).statusCode).toBe(404);
  expect((await api.call('admin', 'DELETE', p(c.remove, me))).statusCode).toBe(404);
  return (live.json() as FamilyDeviceCreated).device.id;
};
