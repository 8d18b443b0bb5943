import type { Article, Category } from '@tilth/contracts/article.types';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../../../../platform/db/client.js';
import { demoAdminCtx } from '../../../../platform/db/seed.js';
import type { TenantCtx } from '../../../../platform/http/context.js';
import {
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
  uploadFile,
} from '../../../../test/harness.js';
import { roleCalls } from '../../../../test/role-calls.js';

type Who = keyof RoleTokens;
export type Lang = 'en-US' | 'zh-CN';

/** A test server with tenant A's and B's tokens and short-hands for the content calls. */
export const articleHarness = async () => {
  const s: TestServer = await startTestServer();
  const tok = await signInRoles(s);
  const tA = s.fixtures.tenantA;
  const tB = s.fixtures.tenantB;
  const { call, ok, refused } = roleCalls(s, tok, 'content', tA);
  const category = (name: string, extra: Record<string, unknown> = {}, who: Who = 'admin', tenant = tA) =>
    ok<Category>(who, 'POST', 'categories', { categoryName: name, ...extra }, tenant);
  const draft = (title: string, extra: Record<string, unknown> = {}, who: Who = 'admin', tenant = tA) =>
    ok<Article>(who, 'POST', 'articles', { title, content: `<p>${title} 正文</p>`, ...extra }, tenant);
  const get = (id: number, tenant = tA) =>
    ok<Article>(tenant === tA ? 'admin' : 'adminB', 'GET', `articles/${id}`, undefined, tenant);
  /** Uploads a small JPEG and answers its stored URL. */
  const picture = async (who: Who = 'admin', tenant = tA) => {
    const jpg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const res = await uploadFile(s, tok[who], tenant, 'pic.jpg', jpg);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ fileUrl: string }>(res).fileUrl;
  };
  /** Runs fn as tenant A's administrator inside a tenant transaction (direct service calls). */
  const asAdmin = <T>(fn: (ctx: TenantCtx, db: Db) => Promise<T>, permissions?: ReadonlySet<string>) =>
    s.platform.database.withTenant(tA, (tx) => {
      const ctx = demoAdminCtx(tx, tA, s.fixtures.users.adminA.id) as TenantCtx;
      return fn(permissions ? { ...ctx, permissions } : ctx, tx);
    });
  return { s, tok, tA, tB, call, ok, refused, category, draft, get, picture, asAdmin };
};

export type ArticleHarness = Awaited<ReturnType<typeof articleHarness>>;
