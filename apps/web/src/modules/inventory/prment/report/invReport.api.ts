import type {
  InvLedgerPage,
  InvSlowPage,
  InvStockPage,
  InvSummaryPage,
  InvWarehouseValue,
} from '@tilth/contracts/inventory.report.types';
import { api, type Query } from '../../../../shared/api/client';
import { downloadFile } from '../../../equipment/device/api/download';

export type {
  InvLedgerRow,
  InvReportPeriod,
  InvSlowRow,
  InvStockRow,
  InvSummaryPoint,
  InvSummaryRow,
  InvWarehouseValue,
} from '@tilth/contracts/inventory.report.types';
export { INV_REPORT_PERIODS, INV_SLOW_DAYS_DEFAULT } from '@tilth/contracts/inventory.report.types';

/** Query keys: everything of the stock reports under ['invReport', tenantId]. */
export const invReportKeys = {
  all: (tenantId: number) => ['invReport', tenantId] as const,
  stock: (tenantId: number) => ['invReport', tenantId, 'stock'] as const,
  byWarehouse: (tenantId: number, q: Query) => ['invReport', tenantId, 'by-warehouse', q] as const,
  summary: (tenantId: number) => ['invReport', tenantId, 'summary'] as const,
  ledger: (tenantId: number) => ['invReport', tenantId, 'ledger'] as const,
  slow: (tenantId: number) => ['invReport', tenantId, 'slow'] as const,
};

const base = (tenantId: number) => `/wfpf/v1/${tenantId}/inventory`;

export const invReportApi = {
  stock: (tenantId: number, query: Query) => api.get<InvStockPage>(`${base(tenantId)}/stock`, { query }),
  byWarehouse: (tenantId: number, query: Query) =>
    api.get<InvWarehouseValue[]>(`${base(tenantId)}/stock/by-warehouse`, { query }),
  summary: (tenantId: number, query: Query) =>
    api.get<InvSummaryPage>(`${base(tenantId)}/report/summary`, { query }),
  ledger: (tenantId: number, query: Query) =>
    api.get<InvLedgerPage>(`${base(tenantId)}/report/ledger`, { query }),
  slow: (tenantId: number, query: Query) =>
    api.get<InvSlowPage>(`${base(tenantId)}/report/slow-movers`, { query }),
  exportStock: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/stock/export`, query, 'stock.xlsx'),
  exportSummary: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/report/summary/export`, query, 'stock-summary.xlsx'),
  exportLedger: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/report/ledger/export`, query, 'stock-movements.xlsx'),
  exportSlow: (tenantId: number, query: Query) =>
    downloadFile(`${base(tenantId)}/report/slow-movers/export`, query, 'slow-movers.xlsx'),
};
