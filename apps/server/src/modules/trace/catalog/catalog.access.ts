import type { PermissionCode } from '@tilth/contracts/permissions';

// Who may do what in the catalogue: the page code views, the action codes change (issue 18).
export const CATALOG_ACCESS = {
  productView: 'wfpf.farm.trace.produce',
  productEdit: 'wfpf.farm.trace.produce.ps.edit',
  productDelete: 'wfpf.farm.trace.produce.ps.delete',
  batchView: 'wfpf.farm.trace.index',
  batchEdit: 'wfpf.farm.trace.index.ps.edit',
  batchDelete: 'wfpf.farm.trace.index.ps.delete',
  batchPublish: 'wfpf.farm.trace.index.ps.publish',
  storeView: 'wfpf.farm.trace.base-store',
  onlineView: 'wfpf.farm.trace.base-onlineStore',
  businessView: 'wfpf.farm.trace.base-business',
  baseEdit: 'wfpf.farm.trace.base.ps.edit',
} as const satisfies Record<string, PermissionCode>;

/** Outlets are read by their own pages and by the product form (which outlets sell it). */
export const OUTLET_READ: readonly PermissionCode[] = [
  CATALOG_ACCESS.storeView,
  CATALOG_ACCESS.onlineView,
  CATALOG_ACCESS.productView,
];
