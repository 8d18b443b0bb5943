import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  trimmedText,
  updateBodyOf,
} from './common.types.js';

// Applications (issue 13 item 6): an integrator's client that signs in with the OAuth client-credentials
// grant on /oauth/oauth/token and calls the API with exactly its scopes, in its tenant only.
// Paths: /wfpf/v1/{t}/application….

export const APPLICATION_NAME_MAX = 60;
export const APPLICATION_SCOPES_MAX = 1000;
export const ALLOW_LIST_MAX = 50;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The canonical text of an IPv6 address (lower case, zeros compressed), or undefined when it is not one. */
const ipv6Canonical = (s: string): string | undefined => {
  if (!s.includes(':') || !/^[0-9a-fA-F:.]+$/.test(s)) return undefined;
  try {
    // The URL parser implements the WHATWG IPv6 parser in browsers and Node alike.
    const host = new URL(`http://[${s}]/`).hostname;
    return host.slice(1, -1);
  } catch {
    return undefined;
  }
};

/**
 * One allow-list entry — an IPv4 or IPv6 address, or a CIDR block (`10.0.0.0/8`, `2001:db8::/32`) — in
 * canonical form, or undefined when it is none of them.
 */
export const canonicalIpEntry = (raw: string): string | undefined => {
  const [addr = '', prefix, extra] = raw.trim().split('/');
  if (extra !== undefined) return undefined;
  const v4 = IPV4.test(addr);
  const v6 = v4 ? undefined : ipv6Canonical(addr);
  if (!v4 && v6 === undefined) return undefined;
  const host = v4 ? addr : (v6 as string);
  if (prefix === undefined) return host;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (v4 ? 32 : 128)) return undefined;
  return `${host}/${Number(prefix)}`;
};

export const ipAllowEntry = z
  .string()
  .max(100)
  .transform((s, c) => {
    const entry = canonicalIpEntry(s);
    if (entry === undefined) {
      c.addIssue({ code: 'custom', message: `not an IPv4/IPv6 address or CIDR block: ${s.slice(0, 60)}` });
      return z.NEVER;
    }
    return entry;
  });

export const application = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The public client id (`client_id` of the grant). */
  appId: z.string(),
  /** Permission codes the application's tokens hold. */
  scopes: z.array(z.string()),
  enabled: z.boolean(),
  /** After this instant the application gets no token and its tokens stop working. */
  expiresAt: z.string().nullable(),
  /** Addresses or CIDR blocks the application may call from; empty: any address. */
  ipAllowList: z.array(z.string()),
  /** Bumps on each rotation; tokens name the generation they were issued for. */
  secretGeneration: z.number().int(),
  /** When a token was last issued to it. */
  lastUsedAt: z.string().nullable(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  objectVersionNumber: z.number().int(),
});
export type Application = z.infer<typeof application>;
export const applicationPage = pageOf(application);

/** An answer that carries the secret: once, at creation and at each rotation. */
export const applicationWithSecret = z.object({ application, clientSecret: z.string() });
export type ApplicationWithSecret = z.infer<typeof applicationWithSecret>;

export const applicationListQuery = pageQuery.extend({
  name: trimmedText(APPLICATION_NAME_MAX).optional(),
  enabled: blankAsUnset(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

const instant = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' });

const writable = {
  name: requiredText(APPLICATION_NAME_MAX),
  description: optionalText(500).optional(),
  scopes: z.array(z.string().max(200)).max(APPLICATION_SCOPES_MAX),
  expiresAt: instant.nullable().optional(),
  ipAllowList: z.array(ipAllowEntry).max(ALLOW_LIST_MAX).default([]),
};

export const applicationCreateBody = z.strictObject(writable);
export type ApplicationCreateBody = z.infer<typeof applicationCreateBody>;

const applicationUpdateFields = z.strictObject({ id: bodyId, objectVersionNumber, ...writable });
export const applicationUpdateBody = updateBodyOf(applicationUpdateFields, application);
export type ApplicationUpdateBody = z.infer<typeof applicationUpdateBody>;

/** Enable / disable, rotate: the version the caller saw (stale → 409). */
export const applicationEnableBody = z.strictObject({ enabled: z.boolean(), objectVersionNumber });
export const applicationVersionBody = z.strictObject({ objectVersionNumber });

export const applicationIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  id: queryId,
});

/** The client-credentials grant's answer: no refresh token, the scopes space-separated (RFC 6749 §5.1). */
export const clientTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
