import {
  AGRI_LOW_DEFAULT,
  type AgriMovement,
  type AgriStock,
  type AgriStockListQuery,
  type AgriStockRecordQuery,
} from '@tilth/contracts/agricultural.types';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { amountCents, fromUnits, num } from './agricultural.decimal.js';
import {
  existingDocs,
  listMovements,
  listStocks,
  type MovementRow,
  type StockView,
} from './stock-query.repository.js';

/** Access of farm/agricultural/agricultural-inventory and its record page. */
export const STOCK_ACCESS = {
  read: 'wfpf.farm.farm.agricultural-agricultural-inventory',
} as const satisfies Record<string, PermissionCode>;

const toStock = (r: StockView): AgriStock => ({
  stockKey: `${r.areaId}-${r.inputId}`,
  areaId: r.areaId,
  areaName: r.areaName,
  inputId: r.inputId,
  inputCode: r.inputCode,
  inputName: r.inputName,
  category: r.category,
  specification: r.specification,
  unit: r.unit,
  price: r.price === null ? null : Number(r.price),
  quantity: num(r.quantity),
  stockValue: r.price === null ? null : num(fromUnits(amountCents(r.quantity, r.price), 2)),
  enabledFlag: r.enabledFlag,
  lastMovementAt: r.lastMovementAt.toISOString(),
});

/** 'warehousing_reversal' → 'warehousing': the document type a movement came from, if any. */
const docTypeOf = (sourceType: string): string | null => {
  const base = sourceType.replace(/_reversal$/, '');
  return base === 'warehousing' || base === 'shipment' ? base : null;
};

const toMovement = (r: MovementRow, docs: ReadonlySet<string>): AgriMovement => {
  const type = docTypeOf(r.sourceType);
  return {
    movementId: r.id,
    areaId: r.areaId,
    inputId: r.inputId,
    quantity: num(r.quantity),
    balanceAfter: num(r.balanceAfter),
    sourceType: r.sourceType,
    sourceId: r.sourceId,
    sourceCode: r.sourceCode,
    sourceExists: type !== null && r.sourceId !== null && docs.has(`${type}:${r.sourceId}`),
    remark: r.remark,
    occurredAt: r.occurredAt.toISOString(),
    createdBy: r.createdBy,
  };
};

export class AgriStockService {
  async list(ctx: Ctx, q: AgriStockListQuery): Promise<Page<AgriStock>> {
    requireTenant(ctx);
    requireAccess(ctx, STOCK_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listStocks(
      ctx.db,
      ctx.tenantId,
      {
        areaId: q.areaId,
        inputId: q.inputId,
        category: q.category,
        inputName: q.inputName?.trim() || undefined,
        stockState: q.stockState,
        lowBelow: (q.lowBelow ?? AGRI_LOW_DEFAULT).toFixed(3),
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toStock), total, q);
  }

  /** The movement record of one base's stock of one input, newest first. */
  async record(ctx: Ctx, q: AgriStockRecordQuery): Promise<Page<AgriMovement>> {
    requireTenant(ctx);
    requireAccess(ctx, STOCK_ACCESS.read);
    const all = q.size === 0;
    const { rows, total } = await listMovements(
      ctx.db,
      ctx.tenantId,
      q.areaId,
      q.inputId,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const ids = [
      ...new Set(rows.flatMap((r) => (r.sourceId !== null && docTypeOf(r.sourceType) ? [r.sourceId] : []))),
    ];
    const docs = await existingDocs(ctx.db, ctx.tenantId, ids);
    return pageAnswer(
      rows.map((r) => toMovement(r, docs)),
      total,
      q,
    );
  }
}
