import {
  CODE_PREFIX_PATTERN,
  creditCodeValid,
  type TraceBusiness,
  type TraceBusinessBody,
} from '@tilth/contracts/trace-catalog.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { type BusinessRow, findBusiness, insertBusiness, updateBusiness } from './business.repository.js';
import { CATALOG_ACCESS } from './catalog.access.js';
import { CatalogErrors } from './catalog.errors.js';
import { requireHttps, requireOwnFiles } from './catalog.rules.js';

export const toBusiness = (r: BusinessRow): TraceBusiness => ({
  businessName: r.businessName,
  creditCode: r.creditCode,
  legalRepresentative: r.legalRepresentative,
  address: r.address,
  phone: r.phone,
  website: r.website,
  introduction: r.introduction,
  logoUrl: r.logoUrl,
  licenceUrl: r.licenceUrl,
  codePrefix: r.codePrefix,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

/** The tenant's business profile (trace/base/business): one per tenant, on every trace page. */
export class TraceBusinessService {
  async get(ctx: Ctx): Promise<TraceBusiness | null> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.businessView);
    const row = await findBusiness(ctx.db, ctx.tenantId);
    return row ? toBusiness(row) : null;
  }

  /** Creates the profile on the first save; afterwards objectVersionNumber must be current (stale → 409). */
  async save(ctx: Ctx, b: TraceBusinessBody): Promise<TraceBusiness> {
    requireTenant(ctx);
    requireAccess(ctx, CATALOG_ACCESS.baseEdit);
    const creditCode = b.creditCode?.toUpperCase() ?? null;
    if (creditCode !== null && !creditCodeValid(creditCode)) throw CatalogErrors.creditCodeInvalid();
    const codePrefix = b.codePrefix?.toUpperCase() ?? null;
    if (codePrefix !== null && !CODE_PREFIX_PATTERN.test(codePrefix)) throw CatalogErrors.codePrefixInvalid();
    requireHttps(b.website, 'website');
    await requireOwnFiles(ctx, [b.logoUrl], 'logoUrl');
    await requireOwnFiles(ctx, [b.licenceUrl], 'licenceUrl');
    const v = {
      businessName: b.businessName,
      creditCode,
      legalRepresentative: b.legalRepresentative ?? null,
      address: b.address ?? null,
      phone: b.phone ?? null,
      website: b.website ?? null,
      introduction: b.introduction ?? null,
      logoUrl: b.logoUrl ?? null,
      licenceUrl: b.licenceUrl ?? null,
      codePrefix,
    };
    const current = await findBusiness(ctx.db, ctx.tenantId);
    const row = current
      ? b.objectVersionNumber === current.objectVersionNumber
        ? await updateBusiness(ctx.db, ctx.tenantId, current.objectVersionNumber, ctx.user.id, v)
        : undefined
      : b.objectVersionNumber === undefined
        ? await insertBusiness(ctx.db, ctx.tenantId, ctx.user.id, v)
        : undefined;
    if (!row) throw CommonErrors.stale();
    return toBusiness(row);
  }
}
