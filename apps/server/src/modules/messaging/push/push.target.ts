import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// SSRF guard of data push (issue 13 §6): a target whose host is or resolves to a private, loopback,
// link-local, multicast, unique-local or otherwise non-public address is refused, at save time and again
// at every delivery (DNS may change between the two), unless the operator allows private targets.

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
const embeddedV4 = (v6: string): string | undefined => {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(v6);
  if (m) {
    const hi = Number.parseInt(m[1] ?? '0', 16);
    const lo = Number.parseInt(m[2] ?? '0', 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(v6);
  return dotted?.[1];
};

/** Whether an IP address (either family) is one a push may not reach. */
export const isPrivateAddress = (address: string): boolean => {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(a);
  if (family === 4) return blocked.check(a, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(a);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  // Anything mapped or compatible we could not read is refused rather than guessed.
  if (a.startsWith('::ffff:') || a.startsWith('64:ff9b::')) return true;
  return blocked.check(a, 'ipv6');
};

export type TargetProblem = 'scheme' | 'credentials' | 'private' | 'unresolved';

export interface TargetCheck {
  allowPrivate: boolean;
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = (host: string): Promise<string[]> =>
  new Promise((ok, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs) =>
      err ? fail(err) : ok(addrs.map((a) => a.address)),
    ),
  );

/** What is wrong with a target URL, or undefined when a push may go there. */
export const checkTarget = async (raw: string, o: TargetCheck): Promise<TargetProblem | undefined> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'https:' && !(o.allowPrivate && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (o.allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : undefined;
  let addrs: string[];
  try {
    addrs = await (o.resolve ?? resolveAll)(host);
  } catch {
    return 'unresolved';
  }
  if (addrs.length === 0) return 'unresolved';
  return addrs.some(isPrivateAddress) ? 'private' : undefined;
};

/**
 * A socket lookup that refuses private answers: the delivery connects to exactly the address it checked,
 * so a DNS answer that changes between the check and the connect (rebinding) cannot slip through.
 */
export const guardedLookup =
  (allowPrivate: () => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addrs: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const list = addrs ?? [];
      const bad = !allowPrivate() && list.some((a) => isPrivateAddress(a.address));
      if (bad || list.length === 0) {
        const e = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
        return callback(e, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
