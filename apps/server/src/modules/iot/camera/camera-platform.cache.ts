import { CAMERA_PLATFORMS } from '@tilth/contracts/camera-platform.types';
import type { Database, Db } from '../../../platform/db/client.js';
import type { PlatformConfigOf } from '../camera-media/index.js';
import { findPlatform } from './camera-platform.repository.js';

// The providers' view of a tenant's platform settings, cached briefly: a PUT drops its entry here, another
// process's PUT shows within CACHE_MS. A request reads them in its own transaction (a second one could wait
// on the first with a single-connection database); timers read them in their own.

const CACHE_MS = 30_000;
const cache = new Map<string, { config: Record<string, string> | null; at: number }>();
const keyOf = (tenantId: number, provider: string) => `${tenantId}:${provider}`;

export const isPlatformProvider = (provider: string): boolean =>
  (CAMERA_PLATFORMS as readonly string[]).includes(provider);

/** The settings, or null when the tenant has none for that platform. */
export const platformSettings = async (
  db: Db,
  tenantId: number,
  provider: string,
): Promise<Record<string, string> | null> => {
  const key = keyOf(tenantId, provider);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const config = (await findPlatform(db, tenantId, provider))?.config ?? null;
  cache.set(key, { config, at: Date.now() });
  return config;
};

export const forgetPlatform = (tenantId: number, provider: string): void => {
  cache.delete(keyOf(tenantId, provider));
};

/** For the providers outside a request (timed captures, the online check). */
export const platformConfigOf =
  (database: Database): PlatformConfigOf =>
  async (tenantId, provider) => {
    const hit = cache.get(keyOf(tenantId, provider));
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.config ?? undefined;
    return (
      (await database.withTenant(tenantId, (tx) => platformSettings(tx, tenantId, provider))) ?? undefined
    );
  };
