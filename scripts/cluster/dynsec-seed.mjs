// The seed of Mosquitto's dynamic security plugin (its dynamic-security.json), one copy for the cluster
// (configs.mjs), the external-broker tests (apps/server/src/test/mosquitto.ts) and the ingest bench.
import { pbkdf2Sync, randomBytes } from 'node:crypto';

/** The plugin's password format: PBKDF2-HMAC-SHA512 of the password, base64, with its salt and iterations. */
export const dynsecHash = (password) => {
  const salt = randomBytes(12);
  const iterations = 101;
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return { password: hash.toString('base64'), salt: salt.toString('base64'), iterations };
};

const allow = (acltype, topic) => ({ acltype, topic, allow: true });

export const SERVER_ROLE = 'tilth-server';

/**
 * What a server process may do (docs/device-protocol.md §3.1): administer dynsec (device accounts), send
 * commands, join the shared ingest subscription, and relay live events between processes.
 */
export const serverAcls = () => [
  allow('publishClientSend', '$CONTROL/dynamic-security/#'),
  allow('subscribePattern', '$CONTROL/dynamic-security/#'),
  allow('publishClientReceive', '$CONTROL/dynamic-security/#'),
  allow('publishClientSend', 'tilth/+/+/+/down'),
  allow('subscribePattern', '$share/tilth-ingest/tilth/+/+/+/+'),
  allow('publishClientSend', 'tilth-internal/events/+'),
  allow('subscribePattern', 'tilth-internal/events/+'),
];

/**
 * dynamic-security.json with the server account (role SERVER_ROLE) and, for a bench, accounts created
 * up front (devices normally get theirs from the server at registration). Everyone else is denied.
 */
export const dynsecSeed = ({ server, clients = [], roles = [] }) =>
  JSON.stringify({
    clients: [
      { username: server.username, ...dynsecHash(server.password), roles: [{ rolename: SERVER_ROLE }] },
      ...clients.map((c) => ({
        username: c.username,
        ...dynsecHash(c.password),
        roles: (c.roles ?? []).map((rolename) => ({ rolename })),
      })),
    ],
    roles: [{ rolename: SERVER_ROLE, acls: serverAcls() }, ...roles],
    defaultACLAccess: {
      publishClientSend: false,
      publishClientReceive: true,
      subscribe: false,
      unsubscribe: true,
    },
  });
