import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Identification, IdentifyStatusAnswer } from '@tilth/contracts/identify.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { base, postPhoto, solidPng } from './identify-helpers.js';

// The cloud adapter against a local fake recognition service (the one allowed fake: an outside service):
// the request carries the key and the image, the answer is mapped (percent scores, other field names),
// the same photo keeps its stored answer even when the service changes its mind, and a failing or slow
// service is a clear 502 that stores nothing.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let fake: Server;
let answer: unknown = {};
let status = 200;
let delayMs = 0;
const seen: { auth: string | undefined; imageBytes: number; topK: unknown }[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { image: string; topK: unknown };
      seen.push({
        auth: req.headers.authorization,
        imageBytes: Buffer.from(body.image, 'base64').length,
        topK: body.topK,
      });
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      }, delayMs);
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  s = await startTestServer({
    TILTH_IDENTIFY_HTTP_URL: `http://127.0.0.1:${port}/recognize`,
    TILTH_IDENTIFY_HTTP_KEY: 'k-123',
    TILTH_IDENTIFY_HTTP_MODEL: 'plantcloud-v2',
    TILTH_IDENTIFY_HTTP_TIMEOUT_MS: '500',
  });
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await new Promise((r) => fake?.close(r));
});

describe('the cloud recognition adapter', () => {
  it('is the configured identifier', async () => {
    const st = (
      await s.inject({ method: 'GET', url: `${base(A)}/identify/status`, headers: auth(tok.admin) })
    ).json();
    expect(st as IdentifyStatusAnswer).toMatchObject({
      configured: true,
      provider: 'http',
      modelKey: 'http:plantcloud-v2',
    });
  });

  it('maps the service answer and keeps it for the same photo', async () => {
    answer = {
      results: [
        { name: '小菜蛾', score: 91.5 },
        { name: 'aphid', score: 5 },
      ],
    };
    const photo = await solidPng(30, 180, 40);
    const res = await postPhoto(s, A, tok.operator, photo);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as Identification;
    expect(first).toMatchObject({ status: 'identified', provider: 'http', modelKey: 'http:plantcloud-v2' });
    expect(first.candidates.map((c) => [c.name, c.confidence, c.knowledgeCode])).toEqual([
      ['Diamondback moth', 0.915, 'diamondback-moth'],
      ['Aphids', 0.05, 'aphid'],
    ]);
    expect(seen.at(-1)).toEqual({ auth: 'Bearer k-123', imageBytes: photo.length, topK: 3 });

    // The service now says something else: the stored answer stands, the service is not asked again.
    answer = { results: [{ name: '__background__', score: 99 }] };
    const calls = seen.length;
    const again = (await postPhoto(s, A, tok.operator, photo)).json() as Identification;
    expect(again.candidates).toEqual(first.candidates);
    expect(seen.length).toBe(calls);
    // A new photo gets the new answer: a refusal.
    const bg = (await postPhoto(s, A, tok.operator, await solidPng(0, 0, 0))).json() as Identification;
    expect(bg.status).toBe('refused');
    expect(bg.candidates).toEqual([]);
  });

  it('a failing or slow service is a 502 that stores nothing', async () => {
    const before = (
      await s.inject({ method: 'GET', url: `${base(A)}/identifications`, headers: auth(tok.admin) })
    ).json();
    status = 500;
    const failed = await postPhoto(s, A, tok.operator, await solidPng(1, 99, 1));
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'wfpf.identify.failed' });
    status = 200;
    delayMs = 1500;
    const slow = await postPhoto(s, A, tok.operator, await solidPng(2, 99, 2));
    expect(slow.statusCode).toBe(502);
    delayMs = 0;
    answer = { nothing: true };
    const garbled = await postPhoto(s, A, tok.operator, await solidPng(3, 99, 3));
    expect(garbled.statusCode).toBe(502);
    const after = (
      await s.inject({ method: 'GET', url: `${base(A)}/identifications`, headers: auth(tok.admin) })
    ).json();
    expect(after.totalElements).toBe(before.totalElements);
  });
});
