import type { AgriDocType } from '@tilth/contracts/agricultural.types';

// Console paths of the agricultural pages (spec 01 §2.2) and the permission codes their buttons need.

const ROOT = '/web/farm/agricultural';

export const AGRI_PATHS = {
  inputs: `${ROOT}/agricultural-manage`,
  inputAdd: `${ROOT}/agricultural-manage/add`,
  inputEdit: (id: number) => `${ROOT}/agricultural-manage/edit/${id}`,
  stock: `${ROOT}/agricultural-inventory`,
  /** The record page's id is the stock key `${areaId}-${inputId}`. */
  record: (areaId: number, inputId: number) => `${ROOT}/agricultural-inventory/record/${areaId}-${inputId}`,
  docs: (type: AgriDocType) => `${ROOT}/agricultural-${type}`,
  docAdd: (type: AgriDocType) => `${ROOT}/agricultural-${type}/add`,
  docEdit: (type: AgriDocType, id: number) => `${ROOT}/agricultural-${type}/edit/${id}`,
  docInfo: (type: AgriDocType, id: number) => `${ROOT}/agricultural-${type}/info/${id}`,
};

export const AGRI_CODES = {
  create: 'wfpf.farm.farm.agricultural.ps.create',
  edit: 'wfpf.farm.farm.agricultural.ps.edit',
  delete: 'wfpf.farm.farm.agricultural.ps.delete',
  write: {
    warehousing: 'wfpf.farm.farm.agricultural.ps.inbound',
    shipment: 'wfpf.farm.farm.agricultural.ps.outbound',
  } satisfies Record<AgriDocType, string>,
} as const;
