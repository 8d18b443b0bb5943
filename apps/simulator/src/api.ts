import { constants, publicEncrypt } from 'node:crypto';
import type { SimDeviceSpec } from './device-client.js';

// Standalone mode: sign in to a running Tilth server like the console does (RSA-encrypted password grant),
// list the tenant's simulated devices and issue each a fresh broker secret (POST …/device/:id/credentials),
// so `npm run simulate` can play a tenant's fleet against any broker the server uses.

export interface ApiOptions {
  api: string;
  user: string;
  password: string;
  tenantId: number;
  /** Only devices whose serial starts with this are played (default 'SIM-'): real devices keep their secrets. */
  euiPrefix: string;
}

interface DeviceRow {
  id: number;
  deviceType: string;
  eui: string;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
}

interface Credentials {
  host: string;
  port: number;
  password: string;
}

const json = async <T>(res: Response, what: string): Promise<T> => {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
};

export const signIn = async (api: string, user: string, password: string): Promise<string> => {
  const { publicKey } = await json<{ publicKey: string }>(
    await fetch(`${api}/oauth/public/key`),
    'public key',
  );
  const encrypted = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${api}/oauth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: user,
      password: encrypted,
      client_id: 'simulator',
      source_type: 'web',
    }).toString(),
  });
  return (await json<{ access_token: string }>(res, 'sign in')).access_token;
};

/** Devices to play with fresh secrets, and the broker the server told them to use. */
export const fetchFleet = async (
  opts: ApiOptions,
): Promise<{ devices: SimDeviceSpec[]; broker: { host: string; port: number } | undefined }> => {
  const token = await signIn(opts.api, opts.user, opts.password);
  const headers = { authorization: `Bearer ${token}` };
  const base = `${opts.api}/wfpe/v1/${opts.tenantId}`;
  const page = await json<{ content: DeviceRow[] }>(
    await fetch(`${base}/device/page?page=0&size=0`, { headers }),
    'device list',
  );
  const devices: SimDeviceSpec[] = [];
  let broker: { host: string; port: number } | undefined;
  for (const d of page.content.filter((x) => x.eui.startsWith(opts.euiPrefix) && x.deviceType !== 'camera')) {
    const creds = await json<Credentials>(
      await fetch(`${base}/device/${d.id}/credentials`, { method: 'POST', headers }),
      `credentials of ${d.eui}`,
    );
    broker ??= { host: creds.host, port: creds.port };
    let pumpPorts: number[] | undefined;
    if (d.deviceType === 'aerator') {
      const res = await fetch(`${opts.api}/wfpe/v1/${opts.tenantId}/aerator/${d.id}/pumps`, { headers });
      if (res.ok) pumpPorts = ((await res.json()) as { node: number }[]).map((p) => Number(p.node));
    }
    devices.push({
      tenantId: opts.tenantId,
      typeKey: d.deviceType,
      eui: d.eui,
      password: creds.password,
      site: d.landId ? `land-${d.landId}` : d.areaId ? `area-${d.areaId}` : undefined,
      lat: d.lat ?? undefined,
      lng: d.lng ?? undefined,
      pumpPorts,
    });
  }
  return { devices, broker };
};
