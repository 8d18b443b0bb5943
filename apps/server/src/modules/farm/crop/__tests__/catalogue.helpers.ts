import type { Page } from '@tilth/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { batches } from '../../batch/batch.tables.js';

export type { ErrorBody as ErrBody, Page as PageBody } from '@tilth/contracts';
export type Who = 'admin' | 'operator' | 'viewer' | 'adminB';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A test server with tenant A's administrator, operator and viewer signed in, and tenant B's admin. */
export interface Catalogue {
  s: TestServer;
  tA: number;
  tB: number;
  /** Calls `/wfpf/v1/{t}/{path}` as `who` (tenant A unless told), in English. */
  call(
    who: Who,
    method: Method,
    path: string,
    payload?: Record<string, unknown>,
    tenant?: number,
  ): Promise<LightMyRequestResponse>;
  /** The bearer header of `who`, for calls in other languages or without the helper. */
  auth(who: Who): { authorization: string };
  /** Everything of a list path (`size=0`), as tenant A's viewer. */
  all<T>(path: string, query?: string): Promise<T[]>;
  /** Adds a batch growing cropId (and varietyId) straight into tenant A's table (no batch API yet). */
  addBatch(cropId: number, varietyId?: number | null): Promise<number>;
  removeBatch(id: number): Promise<void>;
}

export const startCatalogue = async (): Promise<Catalogue> => {
  const s = await startTestServer();
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const tok: Record<Who, string> = {
    admin: await login(s, 'adminA'),
    operator: await login(s, 'operatorA'),
    viewer: await login(s, 'viewerA'),
    adminB: await login(s, 'adminB'),
  };
  let batchNo = 0;
  const call: Catalogue['call'] = (who, method, path, payload, tenant = tA) =>
    s.inject({
      method,
      url: `/wfpf/v1/${tenant}/${path}`,
      headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });
  return {
    s,
    tA,
    tB,
    call,
    auth: (who) => auth(tok[who]),
    all: async <T>(path: string, query = '') => {
      const res = await call('viewer', 'GET', `${path}?size=0${query}`);
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return json<Page<T>>(res).content;
    },
    addBatch: async (cropId, varietyId = null) => {
      batchNo += 1;
      const [row] = await s.platform.database.withTenant(tA, (tx) =>
        tx
          .insert(batches)
          .values({
            tenantId: tA,
            batchCode: `B-${batchNo}`,
            batchName: `Batch ${batchNo}`,
            areaId: 1,
            cropId,
            varietyId,
            startDate: '2025-03-01',
          })
          .returning({ id: batches.id }),
      );
      if (!row) throw new Error('no batch');
      return row.id;
    },
    removeBatch: async (id) => {
      await s.platform.database.withTenant(tA, (tx) => tx.delete(batches).where(eq(batches.id, id)));
    },
  };
};
