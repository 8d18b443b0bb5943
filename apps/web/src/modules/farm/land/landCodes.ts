/** Permission codes of the plot page (spec 03 §6: edit and delete by …land.ps.edit / .delete). */
export const LAND_CODES = {
  create: 'wfpf.farm.farm.land.ps.create',
  edit: 'wfpf.farm.farm.land.ps.edit',
  delete: 'wfpf.farm.farm.land.ps.delete',
} as const;
