import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { INSECT_DEVICE_TYPES } from '@tilth/contracts/insect.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Ctx } from '../../../platform/http/context.js';
import type { Visibility } from './insect.repository.js';

// Who may see and change pest records. Routes declare the union of codes; services then check the
// code of the record's own device type (registry permissions), so a pest-lamp viewer sees lamp photos only.

const PEST_VIEW: PermissionCode = 'wfpf.farm.equipment.pest';
const DRAW_PAGE: PermissionCode = 'wfpf.farm.equipment.canvas-drawSign';

export const STATISTICS_ACCESS = {
  read: PEST_VIEW,
  create: 'wfpf.farm.equipment.pest.ps.addPest',
  edit: 'wfpf.farm.equipment.pest.ps.editPest',
  delete: 'wfpf.farm.equipment.pest.ps.delPest',
} as const satisfies Record<string, PermissionCode>;

const codesOf = (kind: 'view' | 'edit' | 'delete'): PermissionCode[] =>
  INSECT_DEVICE_TYPES.map((t) => deviceTypeByKey(t)?.permissions[kind]).filter(
    (c): c is PermissionCode => c !== undefined,
  );

export const RECORD_ACCESS = {
  view: [...codesOf('view'), DRAW_PAGE] as readonly PermissionCode[],
  edit: codesOf('edit') as readonly PermissionCode[],
  delete: [...new Set([...codesOf('delete'), STATISTICS_ACCESS.delete])] as readonly PermissionCode[],
};

/** Device types whose records ctx may see, and whether device-less (manual) records too. */
export const visibilityOf = (ctx: Ctx): Visibility => ({
  deviceTypes: INSECT_DEVICE_TYPES.filter((t) => {
    const code = deviceTypeByKey(t)?.permissions.view;
    return ctx.permissions.has(DRAW_PAGE) || (code !== undefined && ctx.permissions.has(code));
  }),
  manual: ctx.permissions.has(PEST_VIEW),
});

/** The code that lets ctx change (edit) or delete a record of this device type (null: manual entry). */
export const recordCode = (deviceType: string | null, kind: 'edit' | 'delete'): PermissionCode => {
  if (deviceType === null) return STATISTICS_ACCESS[kind];
  return deviceTypeByKey(deviceType)?.permissions[kind] ?? STATISTICS_ACCESS[kind];
};
