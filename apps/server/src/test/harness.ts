import { constants, publicEncrypt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createServer, type Started, type StartOptions } from '../app/server.js';
import { createTenant, createUser, PLATFORM_TENANT_NAME } from '../modules/demo/seed.helpers.js';
import { loadConfig } from '../platform/config.js';
import { type LocalS3, startLocalS3 } from './s3.js';
import { createScratchDatabase } from './test-database.js';

export interface Fixtures {
  tenantA: number;
  tenantB: number;
  users: Record<'adminA' | 'operatorA' | 'viewerA' | 'adminB' | 'platform', { id: number; password: string }>;
}

export interface TestServer extends Started {
  fixtures: Fixtures;
  inject: Started['app']['inject'];
}

export const PASSWORD = 'secret123';

/**
 * Env for startTestServer that lifts the per-client limits of the public identity routes, for suites that
 * sign in or send codes from one address far more than a person does (each says why). Every other suite
 * runs with the shipped limits, as a real server does.
 */
export const RATE_LIMITS_LIFTED = {
  TILTH_RATE_LIMIT_SIGN_IN: '100000/60',
  TILTH_RATE_LIMIT_SMS: '100000/60',
  TILTH_RATE_LIMIT_ACCOUNT: '100000/60',
  TILTH_RATE_LIMIT_CAPTCHA: '100000/60',
} as const;

/** Tenant ids of the fixtures, apart from the demo tenants (1001, 1002) and from tenants a test creates. */
export const HARNESS_TENANT_IDS = { a: 101, b: 102 } as const;

/**
 * Where a test server stores bytes: its data dir (the default), or, with TILTH_TEST_STORAGE=s3 in the
 * environment or TILTH_STORAGE=s3 in a suite's env without an S3_ENDPOINT, its own s3rver (test/s3.ts).
 */
const testStorage = async (env: Record<string, string>): Promise<LocalS3 | undefined> => {
  const wanted = env.TILTH_STORAGE ?? process.env.TILTH_TEST_STORAGE ?? 'disk';
  if (wanted === 'disk') return undefined;
  if (wanted !== 's3') throw new Error(`TILTH_TEST_STORAGE must be disk or s3, got "${wanted}"`);
  return env.S3_ENDPOINT ? undefined : startLocalS3();
};

/**
 * A fresh server on a fresh database (PGlite in memory, or a scratch PostgreSQL database when
 * DATABASE_URL is set), seeded with two tenants, users of each built-in role and the platform admin.
 */
export const startTestServer = async (
  env: Record<string, string> = {},
  opts: Pick<StartOptions, 'weather' | 'iot'> = {},
): Promise<TestServer> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-test-'));
  const scratch = await createScratchDatabase();
  const s3 = await testStorage(env);
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    TILTH_DEMO: '0',
    // Tests never reach the internet; weather tests inject a fake provider.
    TILTH_WEATHER_PROVIDER: 'offline',
    DATABASE_URL: scratch?.url ?? '',
    // Every test server gets its own embedded MQTT broker on a free loopback port.
    MQTT_PORT: '0',
    MQTT_URL: '',
    HOST: '127.0.0.1',
    // Functional tests publish bursts from one device; the fair-use limit has its own test (rate-limit.test.ts).
    MQTT_DEVICE_RATE: '0',
    // Data push tests deliver to a receiver on 127.0.0.1 and drive the worker themselves.
    TILTH_PUSH_ALLOW_PRIVATE: '1',
    TILTH_PUSH_TICK_MS: '0',
    // Approval time-out tests drive the sweeper with a fake clock.
    TILTH_APPROVAL_TICK_MS: '0',
    TILTH_STORAGE: s3 ? 's3' : 'disk',
    // Scratch inside the data dir, so a suite can see that ffmpeg / sharp work leaves nothing behind.
    TILTH_SCRATCH_DIR: path.join(dataDir, 'tmp'),
    ...env,
    ...s3?.env,
  });
  const started = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
    ...opts,
  }).catch(async (err: unknown) => {
    await s3?.stop();
    await scratch?.drop();
    throw err;
  });
  const db = started.platform.database;
  await createTenant(db, PLATFORM_TENANT_NAME, { id: 0 });
  // Fixed ids below the identity range (it starts at 1001, the demo tenant's DEMO_TENANT_ID, then 1002 for
  // the second demo tenant): a test that also seeds demo data never finds its tenants taken.
  const tenantA = await createTenant(db, 'Farm A', { id: HARNESS_TENANT_IDS.a });
  const tenantB = await createTenant(db, 'Farm B', { id: HARNESS_TENANT_IDS.b });
  const mk = async (
    loginName: string,
    roles: Parameters<typeof createUser>[1]['roles'],
    platformAdmin = false,
  ) => ({
    id: await createUser(db, { loginName, password: PASSWORD, realName: loginName, roles, platformAdmin }),
    password: PASSWORD,
  });
  const fixtures: Fixtures = {
    tenantA,
    tenantB,
    users: {
      adminA: await mk('adminA', [[tenantA, 'tenant-admin']]),
      operatorA: await mk('operatorA', [[tenantA, 'farm-operator']]),
      viewerA: await mk('viewerA', [[tenantA, 'viewer']]),
      adminB: await mk('adminB', [[tenantB, 'tenant-admin']]),
      platform: await mk('platform', [[0, 'tenant-admin']], true),
    },
  };
  return {
    ...started,
    fixtures,
    inject: started.app.inject.bind(started.app),
    close: async () => {
      await started.close();
      await scratch?.drop();
      await s3?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Encrypts like the browser does (RSA-OAEP, SHA-256) with the server's public key. */
export const encryptPassword = (server: Started, plain: string): string =>
  publicEncrypt(
    { key: server.platform.keys.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');

/** Where a sign-in comes from: the client address and extra headers (language, forwarding). */
export interface SignInFrom {
  ip?: string;
  headers?: Record<string, string>;
}

/** The console's password grant, as the sign-in page sends it. */
export const tokenRequest = (
  server: Started,
  username: string,
  password: string,
  extra: Record<string, string> = {},
  from: SignInFrom = {},
) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth/oauth/token',
    ...(from.ip ? { remoteAddress: from.ip } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from.headers },
    payload: new URLSearchParams({
      grant_type: 'password',
      username,
      password: encryptPassword(server, password),
      client_id: 'web',
      source_type: 'web',
      device_id: '123456',
      ...extra,
    }).toString(),
  });

/** Signs in and answers the access token (and the refresh token on `.refresh`). */
export const login = async (server: Started, username: string, password = PASSWORD): Promise<string> => {
  const res = await tokenRequest(server, username, password);
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
};

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

/** Uploads one file as `token`'s user through the real multipart route (English error texts). */
export const uploadFile = (server: Started, token: string, tenantId: number, name: string, bytes: Buffer) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return server.app.inject({
    method: 'POST',
    url: `/hfle/v1/${tenantId}/files/multipart`,
    headers: { ...auth(token), 'accept-language': 'en-US' },
    payload: fd,
  });
};

export type RoleTokens = Record<'admin' | 'operator' | 'viewer' | 'adminB', string>;

/** Access tokens of tenant A's administrator, operator and viewer, and of tenant B's administrator. */
export const signInRoles = async (server: Started): Promise<RoleTokens> => ({
  admin: await login(server, 'adminA'),
  operator: await login(server, 'operatorA'),
  viewer: await login(server, 'viewerA'),
  adminB: await login(server, 'adminB'),
});
