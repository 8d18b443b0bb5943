import { isHttpsUrl } from '@tilth/contracts/trace-catalog.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { CatalogErrors } from './catalog.errors.js';
import { ownFileIds } from './catalog-refs.repository.js';

// Checks every catalogue write shares: stored files are this tenant's, links are https.

const FILE_URL =
  /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(file|image)(\?[^\s]*)?$/i;

/** The file id of a stored-file URL of this tenant, or undefined for anything else. */
const ownFileId = (url: string, tenantId: number): string | undefined => {
  const m = FILE_URL.exec(url.trim());
  return m && Number(m[1]) === tenantId ? m[2]?.toLowerCase() : undefined;
};

/**
 * Every URL must name a file stored by this tenant — never an outside address (the public page would
 * fetch it for the buyer) and never another tenant's file.
 */
export const requireOwnFiles = async (
  ctx: TenantCtx,
  urls: readonly (string | null | undefined)[],
  field: string,
): Promise<void> => {
  const given = urls.filter((u): u is string => !!u);
  if (given.length === 0) return;
  const ids = given.map((u) => ownFileId(u, ctx.tenantId));
  if (ids.some((id) => id === undefined)) throw CatalogErrors.fileNotOwn({ field });
  const own = await ownFileIds(ctx.db, ctx.tenantId, ids as string[]);
  if (ids.some((id) => !own.has(id as string))) throw CatalogErrors.fileNotOwn({ field });
};

export const requireHttps = (url: string | null | undefined, field: string): void => {
  if (url && !isHttpsUrl(url)) throw CatalogErrors.urlHttps({ field });
};
