import type { InquiryDetail } from '@tilth/contracts/inquiry.types';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  auth,
  json,
  login,
  PASSWORD,
  startTestServer,
  type TestServer,
  uploadFile,
} from '../../../../test/harness.js';
import { createUser } from '../../../demo/seed.helpers.js';
import { batches } from '../../../farm/batch/index.js';
import { crops } from '../../../farm/crop/index.js';
import { files } from '../../../messaging/file/index.js';

export type Who = 'farmer' | 'farmer2' | 'expert' | 'admin' | 'viewer' | 'adminB' | 'farmerB' | 'pool';

export interface InquiryHarness {
  s: TestServer;
  tA: number;
  tB: number;
  tok: Record<Who, string>;
  ids: { crop: number; land: number; land2: number; batch: number; cropB: number; landB: number };
  call: (
    who: Who,
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    tenant?: number,
  ) => Promise<LightMyRequestResponse>;
  ok: <T = InquiryDetail>(
    who: Who,
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    tenant?: number,
  ) => Promise<T>;
  photo: (who: Who, tenant?: number, name?: string) => Promise<string>;
  ask: (who: Who, extra?: Record<string, unknown>, tenant?: number) => Promise<InquiryDetail>;
  notifications: (who: Who, tenant: number) => Promise<{ subject: string; content: string }[]>;
}

const mkUser = async (s: TestServer, loginName: string, roles: Parameters<typeof createUser>[1]['roles']) =>
  createUser(s.platform.database, { loginName, password: PASSWORD, realName: loginName, roles });

export const inquiryHarness = async (): Promise<InquiryHarness> => {
  const s = await startTestServer();
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  await mkUser(s, 'expertA', [[tA, 'expert']]);
  await mkUser(s, 'farmerA2', [[tA, 'farm-operator']]);
  await mkUser(s, 'farmerB', [[tB, 'farm-operator']]);
  await mkUser(s, 'poolExpert', [[0, 'expert']]);
  const tok: Record<Who, string> = {
    farmer: await login(s, 'operatorA'),
    farmer2: await login(s, 'farmerA2'),
    expert: await login(s, 'expertA'),
    admin: await login(s, 'adminA'),
    viewer: await login(s, 'viewerA'),
    adminB: await login(s, 'adminB'),
    farmerB: await login(s, 'farmerB'),
    pool: await login(s, 'poolExpert'),
  };
  const call: InquiryHarness['call'] = (who, method, path, payload, tenant = tA) => {
    const opts: InjectOptions = {
      method,
      url: path.startsWith('/') ? path : `/wfpf/v1/${tenant}/agriculture/${path}`,
      headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    };
    return s.inject(opts);
  };
  const ok: InquiryHarness['ok'] = async (who, method, path, payload, tenant) => {
    const res = await call(who, method, path, payload, tenant);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return json(res);
  };
  const post = async (who: Who, tenant: number, path: string, payload: Record<string, unknown>) =>
    json<Record<string, number>>(await call(who, 'POST', `/wfpf/v1/${tenant}/${path}`, payload));
  const area = (await post('admin', tA, 'area', { areaName: 'Field A' })).areaId ?? 0;
  const land = (await post('admin', tA, 'land', { areaId: area, landName: 'Plot 1' })).landId ?? 0;
  const land2 = (await post('admin', tA, 'land', { areaId: area, landName: 'Plot 2' })).landId ?? 0;
  const areaB = (await post('adminB', tB, 'area', { areaName: 'Field B' })).areaId ?? 0;
  const landB = (await post('adminB', tB, 'land', { areaId: areaB, landName: 'Plot B' })).landId ?? 0;
  const db = s.platform.database;
  const [crop] = await db.withTenant(tA, (tx) =>
    tx
      .insert(crops)
      .values({ tenantId: tA, cropName: '番茄', cropEnName: 'Tomato', cropType: 'plant' })
      .returning(),
  );
  const [cropB] = await db.withTenant(tB, (tx) =>
    tx.insert(crops).values({ tenantId: tB, cropName: '水稻', cropType: 'plant' }).returning(),
  );
  const [batch] = await db.withTenant(tA, (tx) =>
    tx
      .insert(batches)
      .values({
        tenantId: tA,
        batchCode: 'B-1',
        batchName: 'Spring tomatoes',
        areaId: area,
        landId: land,
        cropId: crop?.id ?? 0,
        startDate: '2026-03-01',
      })
      .returning(),
  );
  const ids = { crop: crop?.id ?? 0, land, land2, batch: batch?.id ?? 0, cropB: cropB?.id ?? 0, landB };
  const photo: InquiryHarness['photo'] = async (who, tenant = tA, name = 'leaf.png') => {
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3f8f3a' } })
      .png()
      .toBuffer();
    const res = await uploadFile(s, tok[who], tenant, name, png);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ fileId: string }>(res).fileId;
  };
  const ask: InquiryHarness['ask'] = (who, extra = {}, tenant = tA) =>
    ok(
      who,
      'POST',
      'inquiries',
      {
        title: 'Yellow leaves',
        question: 'Lower leaves turn yellow.',
        cropId: tenant === tA ? ids.crop : ids.cropB,
        landId: tenant === tA ? ids.land : ids.landB,
        ...extra,
      },
      tenant,
    );
  const notifications: InquiryHarness['notifications'] = async (who, tenant) => {
    const res = await call(who, 'GET', `/hmsg/v1/${tenant}/messages/user?withContent=1&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ content: { subject: string; content: string }[] }>(res).content;
  };
  return { s, tA, tB, tok, ids, call, ok, photo, ask, notifications };
};

/** Writes a file row as if an upload stored it (for limits the real upload path cannot reach cheaply). */
export const fakeFile = async (
  s: TestServer,
  tenantId: number,
  id: string,
  contentType: string,
  fileSize: number,
) =>
  s.platform.database.withTenant(tenantId, (tx) =>
    tx.insert(files).values({
      tenantId,
      id,
      fileName: 'x',
      contentType,
      fileSize,
      storageKey: `${tenantId}/public/fake/${id}`,
    }),
  );
