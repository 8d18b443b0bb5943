import type { Page } from '@tilth/contracts/common.types';
import type {
  Corporation,
  CorporationCreateBody,
  CorporationListQuery,
  CorporationUpdateBody,
} from '@tilth/contracts/corporation.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../audit/index.js';
import {
  type CorporationRow,
  creditCodeHolder,
  findCorporation,
  type LegalValues,
  listCorporations,
  saveLegalData,
} from './corporation.repository.js';
import { OrganizationErrors } from './organization.errors.js';
import { updateUnit } from './organization.repository.js';
import { OrganizationService } from './organization.service.js';

export const CORPORATION_ACCESS = {
  read: 'wfpf.company.system.corporation',
  create: 'wfpf.company.system.corporation.ps.create',
  edit: 'wfpf.company.system.corporation.ps.edit',
  delete: 'wfpf.company.system.corporation.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const COMPANY = 'company';

const toCorporation = (r: CorporationRow): Corporation => ({
  ...r,
  creationDate: r.creationDate.toISOString(),
});

/** What the audit log keeps of a company: its name and legal data, not the unit's bookkeeping. */
const loggedCompany = (c: Omit<CorporationRow, 'creationDate'>) => ({
  name: c.name,
  creditCode: c.creditCode,
  legalRepresentative: c.legalRepresentative,
  address: c.address,
  contactName: c.contactName,
  contactPhone: c.contactPhone,
  logoUrl: c.logoUrl,
});

const legalOf = (b: CorporationCreateBody | CorporationUpdateBody): LegalValues => ({
  creditCode: b.creditCode,
  legalRepresentative: b.legalRepresentative ?? null,
  address: b.address ?? null,
  contactName: b.contactName ?? null,
  contactPhone: b.contactPhone ?? null,
  logoUrl: b.logoUrl ?? null,
});

/** Companies: the company units of the tree with their legal data (issue 13 item 2). */
export class CorporationService {
  private readonly units = new OrganizationService();

  async list(ctx: Ctx, q: CorporationListQuery): Promise<Page<Corporation>> {
    requireTenant(ctx);
    requireAccess(ctx, CORPORATION_ACCESS.read);
    const { limit, offset } = pageWindow(q);
    const name = q.name?.trim() || undefined;
    const { rows, total } = await listCorporations(ctx.db, ctx.tenantId, name, limit, offset);
    return pageAnswer(rows.map(toCorporation), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Corporation> {
    requireTenant(ctx);
    requireAccess(ctx, CORPORATION_ACCESS.read);
    return this.load(ctx, id);
  }

  /** The company unit under its parent and its legal data, in the request's one transaction. */
  async create(ctx: Ctx, body: CorporationCreateBody): Promise<Corporation> {
    requireTenant(ctx);
    requireAccess(ctx, CORPORATION_ACCESS.create);
    await this.checkCode(ctx, body.creditCode);
    const unit = await this.units.insertChecked(ctx, {
      name: body.name,
      organizationType: COMPANY,
      parentId: body.parentId,
    });
    await this.save(ctx, unit.id, body);
    const created = await this.load(ctx, unit.id);
    await recordAudit(ctx, {
      action: 'company.create',
      targetType: 'company',
      targetId: unit.id,
      targetName: created.name,
      after: loggedCompany(created),
    });
    return created;
  }

  async update(ctx: Ctx, body: CorporationUpdateBody): Promise<Corporation> {
    requireTenant(ctx);
    requireAccess(ctx, CORPORATION_ACCESS.edit);
    const current = await findCorporation(ctx.db, ctx.tenantId, body.id);
    if (!current) throw OrganizationErrors.notCompany();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    await this.checkCode(ctx, body.creditCode, current.id);
    // The unit's version is the company's: every edit bumps it, so a stale one changes nothing.
    const res = await updateUnit(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, {
      areaName: body.name,
    });
    if (!res) throw CommonErrors.stale();
    if ('conflict' in res) throw OrganizationErrors.nameExists({ name: body.name });
    await this.save(ctx, current.id, body);
    const updated = await this.load(ctx, current.id);
    await recordAudit(ctx, {
      action: 'company.update',
      targetType: 'company',
      targetId: current.id,
      targetName: updated.name,
      before: loggedCompany(current),
      after: loggedCompany(updated),
    });
    return updated;
  }

  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, CORPORATION_ACCESS.delete);
    const current = await findCorporation(ctx.db, ctx.tenantId, id);
    await this.units.removeChecked(ctx, id, COMPANY);
    await recordAudit(ctx, {
      action: 'company.delete',
      targetType: 'company',
      targetId: id,
      targetName: current?.name,
      before: current ? loggedCompany(current) : null,
    });
    return { success: true };
  }

  private async checkCode(ctx: TenantCtx, code: string, exceptId?: number): Promise<void> {
    if ((await creditCodeHolder(ctx.db, ctx.tenantId, code, exceptId)) !== undefined) {
      throw OrganizationErrors.creditCodeExists({ code });
    }
  }

  private async save(ctx: TenantCtx, unitId: number, body: CorporationCreateBody | CorporationUpdateBody) {
    const clash = await saveLegalData(ctx.db, ctx.tenantId, unitId, ctx.user.id, legalOf(body));
    if (clash) throw OrganizationErrors.creditCodeExists({ code: body.creditCode });
  }

  private async load(ctx: TenantCtx, id: number): Promise<Corporation> {
    const row = await findCorporation(ctx.db, ctx.tenantId, id);
    if (!row) throw OrganizationErrors.notCompany();
    return toCorporation(row);
  }
}
