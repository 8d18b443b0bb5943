import { DEVICE_TYPES, type DeviceTypeDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { CommonErrors } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/http/context.js';
import { ControlErrors } from './control.errors.js';

// Control permissions come from the type registry: a route declares "any type's code"; the service then
// checks the code of the device type actually touched (403 otherwise).

const unique = (codes: PermissionCode[]): readonly PermissionCode[] => [...new Set(codes)];

export const CONTROL_LOG_CODE: PermissionCode = 'wfpf.farm.report.equipmentLog-controlLog';
export const SWITCH_CONTROL_CODE: PermissionCode = 'wfpf.farm.equipment.gateway.ps.delCollection';

export const CONTROL_ACCESS = {
  control: unique(DEVICE_TYPES.filter((t) => t.commands.length > 0).map((t) => t.permissions.control)),
  view: unique(DEVICE_TYPES.map((t) => t.permissions.view)),
  /** The control log report, or any device page showing its own device's log. */
  log: unique([CONTROL_LOG_CODE, ...DEVICE_TYPES.map((t) => t.permissions.view)]),
} as const;

/** Types whose switches are gateway channels (spec 02 §4 switch list). */
export const SWITCH_OWNER_TYPES: ReadonlySet<string> = new Set(
  DEVICE_TYPES.filter((t) => t.commands.some((c) => c.action === 'switch')).map((t) => t.key),
);

export const requireTypeCode = (
  ctx: Ctx,
  typeKey: string,
  action: keyof DeviceTypeDef['permissions'],
): DeviceTypeDef => {
  const t = deviceTypeByKey(typeKey);
  if (!t) throw ControlErrors.deviceNotFound();
  if (!ctx.permissions.has(t.permissions[action])) throw CommonErrors.forbidden();
  return t;
};

export const viewableTypeKeys = (ctx: Ctx): string[] =>
  DEVICE_TYPES.filter((t) => ctx.permissions.has(t.permissions.view)).map((t) => t.key);
