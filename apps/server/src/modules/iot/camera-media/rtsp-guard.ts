import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RtspErrors } from './rtsp.errors.js';

// SSRF guard of RTSP / ONVIF cameras: a configured address is resolved and refused when any of its
// addresses is loopback, link-local (169.254/16 holds cloud metadata; fe80::/10) or unspecified, unless
// CAMERA_ALLOW_LOOPBACK=1 lets loopback through (tests, a camera relay on the server itself). Private LAN
// ranges are allowed: farm cameras live there. Checked when a camera is saved and again at every connect
// (DNS may have changed); the connection then goes to the checked address, not to a second lookup.

const blocked = new BlockList();
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addSubnet('0.0.0.0', 8, 'ipv4');
blocked.addSubnet('fe80::', 10, 'ipv6');
blocked.addAddress('::', 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const V4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const loopbackAllowed = (): boolean => process.env.CAMERA_ALLOW_LOOPBACK === '1';

/** Why an address is refused, or undefined when it may be reached. */
export const refusal = (address: string): string | undefined => {
  const plain = V4_MAPPED.exec(address)?.[1] ?? address;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  if (blocked.check(plain, family)) return 'link-local or unspecified';
  if (loopback.check(plain, family) && !loopbackAllowed()) return 'loopback';
  return undefined;
};

/** Resolves a host and answers the address to connect to; 400 naming `field` when refused. */
export const checkedAddress = async (host: string, field: string): Promise<string> => {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!bare || /[\s/?#@]/.test(bare)) throw RtspErrors.badHost({ field });
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw RtspErrors.unresolved({ field, host: bare });
    }
  }
  // Every address a name has must pass: a name answering a LAN and a metadata address is refused.
  for (const a of addresses) if (refusal(a)) throw RtspErrors.refusedAddress({ field, address: a });
  const first = addresses[0];
  if (!first) throw RtspErrors.unresolved({ field, host: bare });
  return first;
};

export interface CheckedRtspUrl {
  /** The URL with its host replaced by the checked address (and no user info). */
  url: URL;
  host: string;
}

/** Parses and checks an RTSP address: rtsp: / rtsps: only, host resolved and allowed. */
export const checkedRtspUrl = async (raw: string, field: string): Promise<CheckedRtspUrl> => {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw RtspErrors.badUrl({ field });
  }
  if ((u.protocol !== 'rtsp:' && u.protocol !== 'rtsps:') || !u.hostname) throw RtspErrors.badUrl({ field });
  const address = await checkedAddress(u.hostname, field);
  const pinned = new URL(u.href);
  pinned.username = '';
  pinned.password = '';
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return { url: pinned, host: u.hostname };
};
