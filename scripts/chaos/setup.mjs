// Prepares a chaos run on a running cluster: a tenant and its administrator made with the server's own
// seed helpers (on the owner's connection), a signed-in token, and a fleet of weather stations
// registered through the API, as the console does — with broker provisioning on, each gets its own
// Mosquitto account then. Runs under `node --import tsx` (it imports the server's TypeScript).
import { openAppDatabase } from '../../apps/server/src/app/server.ts';
import { createTenant, createUser } from '../../apps/server/src/modules/demo/seed.helpers.ts';
// Signs in like the console (RSA-OAEP encrypted password grant): the simulator's, not a copy.
import { signIn } from '../../apps/simulator/src/api.ts';

const PASSWORD = 'chaos-pass-1234';

const ok = async (res, what) => {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
};

/**
 * A tenant, its administrator and `devices` registered weather stations.
 * @param {{ superUrl: string, httpUrl: string, runId: string, devices: number }} o
 */
export const prepareRun = async (o) => {
  const database = await openAppDatabase({ databaseUrl: o.superUrl, poolSize: 2 });
  let tenantId;
  const login = `chaos${o.runId}`;
  try {
    tenantId = await createTenant(database, `Chaos farm ${o.runId}`);
    await createUser(database, {
      loginName: login,
      password: PASSWORD,
      realName: 'Chaos',
      roles: [[tenantId, 'tenant-admin']],
    });
  } finally {
    await database.close();
  }
  const token = await signIn(o.httpUrl, login, PASSWORD);
  const devices = [];
  for (let i = 0; i < o.devices; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, o.devices - i) }, async (_, k) => {
        const eui = `CHAOS${o.runId}${String(i + k + 1).padStart(4, '0')}`.slice(0, 64);
        const res = await fetch(`${o.httpUrl}/wfpe/v1/${tenantId}/device`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ deviceType: 'weather-station', eui, name: `chaos ${eui}` }),
        });
        const { device, credentials } = await ok(res, `register ${eui}`);
        return {
          deviceId: Number(device.id),
          username: credentials.username,
          password: credentials.password,
          topic: credentials.topics.up,
        };
      }),
    );
    devices.push(...batch);
  }
  return { tenantId, token, devices, login, password: PASSWORD };
};
