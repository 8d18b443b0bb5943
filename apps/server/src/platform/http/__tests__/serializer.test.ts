import { area } from '@tilth/contracts';
import { sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth, json, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { compiledShape, responseSerializer } from '../serializer.js';

// Answers written by the compiled serialiser must be what zod's serialiser wrote for the same data — above
// all, no field the contract does not name — and schemas it cannot write keep zod. One difference is
// allowed: fast-json-stringify writes an object's optional properties after its required ones.

const flag = z.union([z.literal(0), z.literal(1)]);
const plain = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  size: z.number().nullable(),
  flag,
  kind: z.enum(['a', 'b']),
  tag: z.literal('x'),
  nick: z.string().optional(),
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  rows: z.array(z.object({ k: z.string(), v: z.number().nullable().optional() })),
  done: z.boolean(),
});
const full = {
  id: 7,
  name: 'Base "7"\n',
  note: null,
  size: 12.5,
  flag: 1,
  kind: 'b',
  tag: 'x',
  owner: { id: 3, name: '王', password: 'hash', tenantId: 9 },
  tags: ['p', 'q'],
  rows: [{ k: 'a', v: null, secret: 1 }, { k: 'b' }],
  done: false,
  // Not in the contract: must never be written.
  password: 'hash',
  tenantId: 9,
};

/** What zod's serialiser (fastify-type-provider-zod) writes for this schema and data. */
const zodWrites = (schema: z.ZodType, data: unknown) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/x' } as Parameters<typeof zodSerializerCompiler>[0])(
    data,
  );

describe('compiled response serialiser', () => {
  let app: FastifyInstance;
  const replies = new Map<string, { schema: z.ZodType; data: unknown }>();
  beforeAll(async () => {
    app = Fastify();
    app.setSerializerCompiler(responseSerializer);
    const add = (name: string, schema: z.ZodType, data: unknown) => {
      replies.set(name, { schema, data });
      app.get(`/${name}`, { schema: { response: { 200: schema } } }, async () => data);
    };
    add('plain', plain, full);
    add('nulls', plain, { ...full, owner: null, nick: 'n', size: null, rows: [] });
    add('page', z.object({ content: z.array(area), totalElements: z.number().int() }), {
      content: [
        {
          areaId: 1,
          areaName: 'A',
          areaNum: null,
          areaCenter: '1,2',
          areaSize: null,
          defaultFlag: 0,
          organizationType: 'area',
          parentId: null,
          areaUsage: 'farm',
          objectVersionNumber: 1,
          creationDate: '2026-11-27 07:00:00',
          tenantId: 5,
          deletedAt: null,
        },
      ],
      totalElements: 1,
    });
    // Not plain data: zod keeps these.
    add('date', z.object({ at: z.date() }), { at: new Date(Date.UTC(2026, 10, 27)) });
    add(
      'codec',
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), {
          decode: (s) => new Date(s),
          encode: (d) => d.toISOString(),
        }),
      }),
      { at: new Date(Date.UTC(2026, 10, 27)) },
    );
    add('objects-union', z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]), { b: 2, c: 3 });
    add('loose', z.looseObject({ a: z.string() }), { a: 'x', more: 1 });
    add('defaulted', z.object({ a: z.string().default('d') }), { a: 'x', b: 1 });
    add('missing', plain, { id: 1 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes exactly what zod wrote, and no field outside the contract', async () => {
    for (const name of ['plain', 'nulls', 'page']) {
      const { schema, data } = replies.get(name) ?? {};
      if (!schema) throw new Error(name);
      expect(compiledShape(schema), name).toBeDefined();
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.json(), name).toEqual(JSON.parse(zodWrites(schema, data)));
      expect(res.body).not.toMatch(/password|tenantId|secret|deletedAt/);
    }
    // Without optional properties in between, the very bytes.
    expect((await app.inject({ method: 'GET', url: '/page' })).body).toBe(
      zodWrites(replies.get('page')?.schema ?? z.never(), replies.get('page')?.data),
    );
    const body = (await app.inject({ method: 'GET', url: '/plain' })).json();
    expect(body.owner).toEqual({ id: 3, name: '王' });
    expect(body.rows).toEqual([{ k: 'a', v: null }, { k: 'b' }]);
    expect('nick' in body).toBe(false);
  });

  it('keeps zod for dates, codecs, unions of objects, loose objects and defaults, writing what zod writes', async () => {
    for (const name of ['date', 'codec', 'objects-union', 'loose', 'defaulted']) {
      const { schema, data } = replies.get(name) ?? {};
      if (!schema) throw new Error(name);
      expect(compiledShape(schema), name).toBeUndefined();
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toBe(zodWrites(schema, data));
    }
    expect((await app.inject({ method: 'GET', url: '/codec' })).json()).toEqual({
      at: '2026-11-27T00:00:00.000Z',
    });
  });

  it('answers 500, not a partial body, when a required field is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"id":1');
  });
});

describe('compiled response serialiser on the real routes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('compiles every plain-data response schema of the app, and most of them are', () => {
    let compiled = 0;
    let kept = 0;
    for (const r of s.routes) {
      const response =
        (r.options.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      for (const schema of Object.values(response)) {
        const shape = compiledShape(schema);
        if (!shape) {
          kept++;
          continue;
        }
        compiled++;
        expect(() => fastJson(shape), `${r.method} ${r.url}`).not.toThrow();
      }
    }
    expect(compiled).toBeGreaterThan(kept);
  });

  it('answers the base list with the contract fields only', async () => {
    const t = s.fixtures.tenantA;
    await s.platform.database.withTenant(t, (tx) =>
      tx.execute(sql`insert into areas (tenant_id, area_name, area_num) values (${t}, 'Base', 'B1')`),
    );
    const token = await login(s, 'viewerA');
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v2/${t}/area?page=0&size=10`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ content: Record<string, unknown>[] }>(res);
    expect(body.content.length).toBeGreaterThan(0);
    for (const row of body.content) expect(Object.keys(row)).toEqual(Object.keys(area.shape));
  });
});
