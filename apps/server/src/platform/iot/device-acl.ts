import { deviceTopicPrefix, parseDeviceUsername, secretMatches } from './device-secret.js';
import type { DeviceDirectory } from './directory.js';
import type { InboundKind } from './ingest.js';
import type { DeviceAddress } from './iot.js';

// The one device login check and topic ACL (ARCHITECTURE §6, docs/device-protocol.md §3): the embedded
// broker's hooks and the EMQX HTTP authentication / authorization endpoints both use it.

const UPLINK: readonly string[] = ['up', 'status', 'ack'];

export interface DeviceIdentity extends DeviceAddress {
  deviceId: number;
  /** tilth/{tenantId}/{typeKey}/{eui}/ */
  prefix: string;
}

/** Why a login was refused, as MQTT 3.1.1 CONNACK codes: 2 client id, 4 bad credentials, 5 not authorised. */
export type LoginRefusal = { refused: 2 | 4 | 5; reason: string };

/** The client id of a device is its username, or the username followed by `:` and a suffix. */
export const clientIdAllowed = (clientId: string, username: string): boolean =>
  clientId === username || clientId.startsWith(`${username}:`);

/**
 * Checks a device's broker login: a device username, the client id rule, an enabled registered device
 * and its current secret. Database failures reject (the caller answers "server unavailable").
 */
export const checkDeviceLogin = async (
  directory: DeviceDirectory,
  username: string | undefined,
  password: string | undefined,
  clientId: string,
): Promise<DeviceIdentity | LoginRefusal> => {
  if (!username || !password) return { refused: 5, reason: 'anonymous connections are not allowed' };
  const addr = parseDeviceUsername(username);
  if (!addr) return { refused: 4, reason: 'bad username' };
  // One device cannot take over another's session.
  if (!clientIdAllowed(clientId, username)) return { refused: 2, reason: 'client id must be the username' };
  const entry = await directory.lookup(addr);
  if (!entry?.enabled || !entry.secretHash || !secretMatches(password, entry.secretHash)) {
    return { refused: 4, reason: 'bad username or password' };
  }
  return { ...addr, deviceId: entry.deviceId, prefix: deviceTopicPrefix(addr) };
};

/** The uplink kind a device may publish on `topic` (its own up / status / ack), or undefined. */
export const publishKind = (addr: DeviceAddress, topic: string): InboundKind | undefined => {
  const prefix = deviceTopicPrefix(addr);
  const kind = topic.startsWith(prefix) ? topic.slice(prefix.length) : '';
  return UPLINK.includes(kind) ? (kind as InboundKind) : undefined;
};

/** A device may subscribe to its own …/down only (no wildcards, nothing else). */
export const maySubscribe = (addr: DeviceAddress, topic: string): boolean =>
  topic === `${deviceTopicPrefix(addr)}down`;
