import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auth, json, type RoleTokens, type TestServer } from '../../../../test/harness.js';
import { stockBalances, stockLedger } from '../../../stock/ledger/index.js';
import { agriculturalInputs } from '../../agricultural/agricultural.tables.js';
import { taskTypes } from '../../crop/crop.tables.js';
import { workers } from '../../worker/worker.tables.js';

// Fixtures of the task tests: rows other modules own are inserted directly in a tenant transaction.

export type Who = keyof RoleTokens;

export interface TaskBody {
  taskId: number;
  taskName: string;
  storedStatus: string;
  status: string;
  overdue: boolean;
  leaderWorkerId: number | null;
  leaderName: string | null;
  participants: { workerId: number; workerName: string | null }[];
  reason: string | null;
  actions: string[];
  objectVersionNumber: number;
  usedInputs: { inputId: number; inputName: string | null; quantity: number }[];
  plannedInputs: { inputId: number; inputName: string | null; unit: string | null; quantity: number }[];
  finishPhotos: string[];
  timeline: { event: string; reason: string | null }[];
  taskTypeName: string | null;
  areaName: string | null;
  landName: string | null;
}

export const makeClient = (s: TestServer, tok: RoleTokens) => {
  const call = (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    lang = 'en-US',
  ) =>
    s.inject({
      method,
      url,
      headers: { ...auth(tok[who]), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { call };
};

export const insertWorker = async (
  s: TestServer,
  tenant: number,
  workerName: string,
  userId: number | null,
  enabled = 1,
) => {
  const [w] = await s.platform.database.withTenant(tenant, (tx) =>
    tx.insert(workers).values({ tenantId: tenant, workerName, userId, enabledFlag: enabled }).returning(),
  );
  return w?.id ?? 0;
};

export const insertTaskType = async (s: TestServer, tenant: number, typeName: string, enabled = 1) => {
  const [t] = await s.platform.database.withTenant(tenant, (tx) =>
    tx
      .insert(taskTypes)
      .values({ tenantId: tenant, typeName, color: '#1b9961', enabledFlag: enabled })
      .returning(),
  );
  return t?.id ?? 0;
};

export const insertInput = async (s: TestServer, tenant: number, inputName: string, unit = 'kg') => {
  const [i] = await s.platform.database.withTenant(tenant, (tx) =>
    tx
      .insert(agriculturalInputs)
      .values({
        tenantId: tenant,
        inputCode: inputName.toUpperCase(),
        inputName,
        category: 'fertilizer',
        unit,
      })
      .returning(),
  );
  return i?.id ?? 0;
};

/** Sets what a base holds of an input (the ledger's book 'agri') without a movement. */
export const setStock = async (
  s: TestServer,
  tenant: number,
  areaId: number,
  inputId: number,
  quantity: string,
) => {
  await s.platform.database.withTenant(tenant, (tx) =>
    tx
      .insert(stockBalances)
      .values({ tenantId: tenant, book: 'agri', warehouseId: areaId, productId: inputId, areaId, quantity })
      .onConflictDoUpdate({
        target: [
          stockBalances.tenantId,
          stockBalances.book,
          stockBalances.warehouseId,
          stockBalances.productId,
          stockBalances.lotNo,
          stockBalances.location,
        ],
        set: { quantity },
      }),
  );
};

export const stockOf = async (s: TestServer, tenant: number, areaId: number, inputId: number) => {
  const [r] = await s.platform.database.withTenant(tenant, (tx) =>
    tx
      .select({ q: sql<string>`${stockBalances.quantity}::numeric(14,3)::text` })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.book, 'agri'),
          eq(stockBalances.warehouseId, areaId),
          eq(stockBalances.productId, inputId),
        ),
      ),
  );
  return r?.q;
};

export const movementsOf = async (s: TestServer, tenant: number, taskId: number) =>
  s.platform.database.withTenant(tenant, (tx) =>
    tx
      .select({
        inputId: stockLedger.productId,
        quantity: sql<string>`${stockLedger.quantity}::numeric(14,3)::text`,
        balanceAfter: sql<string>`${stockLedger.balanceQty}::numeric(14,3)::text`,
        sourceCode: stockLedger.sourceCode,
      })
      .from(stockLedger)
      .where(
        and(
          eq(stockLedger.book, 'agri'),
          eq(stockLedger.sourceType, 'task'),
          eq(stockLedger.sourceId, taskId),
        ),
      ),
  );

/** Uploads a tiny PNG as `who` and answers its file URL. */
export const uploadPhoto = async (s: TestServer, token: string, tenant: number): Promise<string> => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1b9961' } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await s.inject({
    method: 'POST',
    url: `/hfle/v1/${tenant}/files/multipart`,
    headers: auth(token),
    payload: fd,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fileUrl: string }>(res).fileUrl;
};
