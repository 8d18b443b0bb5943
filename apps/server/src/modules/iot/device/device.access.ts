import { DEVICE_TYPES, type DeviceTypeDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import { type PermissionCode, SYSTEM_DEVICE_CODES } from '@tilth/contracts/permissions';
import { CommonErrors } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/http/context.js';
import { DeviceErrors } from './device.errors.js';

// Device permissions come from the type registry: each type names its view / create / edit / delete /
// control codes. Routes declare "any of the codes" (so the route inventory shows them); services then
// check the code of the type actually touched.

type Action = keyof DeviceTypeDef['permissions'];

const unique = (codes: PermissionCode[]): readonly PermissionCode[] => [...new Set(codes)];

/** Route-level access: any type's code of this action. */
export const DEVICE_ACCESS = {
  view: unique(DEVICE_TYPES.map((t) => t.permissions.view)),
  create: unique(DEVICE_TYPES.map((t) => t.permissions.create)),
  edit: unique(DEVICE_TYPES.map((t) => t.permissions.edit)),
  delete: unique(DEVICE_TYPES.map((t) => t.permissions.delete)),
  system: SYSTEM_DEVICE_CODES.devices,
  systemDelete: SYSTEM_DEVICE_CODES.devicesDelete,
  systemTransfer: SYSTEM_DEVICE_CODES.devicesTransfer,
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

export const typeDef = (typeKey: string): DeviceTypeDef => {
  const t = deviceTypeByKey(typeKey);
  // A row of a type the registry no longer knows is treated as missing: nobody holds codes for it.
  if (!t) throw DeviceErrors.notFound();
  return t;
};

/** Throws 403 unless the caller holds `action`'s code of the type. */
export const requireTypeAccess = (ctx: Ctx, typeKey: string, action: Action): DeviceTypeDef => {
  const t = typeDef(typeKey);
  if (!ctx.permissions.has(t.permissions[action])) throw CommonErrors.forbidden();
  return t;
};

/** The type keys the caller may see (its view codes). */
export const viewableTypes = (ctx: Ctx): string[] =>
  DEVICE_TYPES.filter((t) => ctx.permissions.has(t.permissions.view)).map((t) => t.key);
