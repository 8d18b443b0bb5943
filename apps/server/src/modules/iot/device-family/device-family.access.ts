import { DEVICE_TYPES, type DeviceTypeDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { requireAccess } from '../../../platform/http/access.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { type DeviceRow, findDevice } from '../device/index.js';
import { FamilyErrors } from './device-family.errors.js';

// Which device types each family screen serves, and the access check every family call starts with:
// the device exists in the tenant, is of one of the screen's types, and the user holds the TYPE's code.

export type Op = 'view' | 'edit' | 'control';

export const SOIL = ['soil-moisture', 'tubular-soil'] as const;
export const INVERTER = ['inverter'] as const;
export const VALVE = ['electric-valve'] as const;
export const FERTILIZER = ['water-fertilizer', 'inject-fertilizer'] as const;
/** Types with gateway switches, whose RTU strategies switch a circuit. */
export const RTU = ['gateway', 'lora-4g', 'acquisition-control'] as const;
export const LORA_GATEWAY = ['lora-4g', 'lorawan-gateway'] as const;
export const ARM = ['robotic-arm'] as const;
export const MACHINE = ['farm-machine'] as const;
export const ALL_TYPES: readonly string[] = DEVICE_TYPES.map((t) => t.key);
/** Types whose screens show fault readings and failed commands. */
export const FAULT_TYPES = [...INVERTER, ...FERTILIZER] as const;

/** Route-level access: any of the types' codes for op (the service then checks the device's own type). */
export const codesOf = (types: readonly string[], op: Op): PermissionCode[] => [
  ...new Set(types.map((k) => deviceTypeByKey(k)?.permissions[op]).filter((c): c is PermissionCode => !!c)),
];

export const loadDevice = async (
  ctx: TenantCtx,
  id: number,
  types: readonly string[],
  op: Op,
): Promise<{ row: DeviceRow; type: DeviceTypeDef }> => {
  const row = await findDevice(ctx.db, ctx.tenantId, id);
  const type = row ? deviceTypeByKey(row.typeKey) : undefined;
  if (!row || !type || !types.includes(row.typeKey)) throw FamilyErrors.deviceNotFound();
  requireAccess(ctx, type.permissions[op]);
  return { row, type };
};

export const hasCommand = (type: DeviceTypeDef, action: string): boolean =>
  type.commands.some((c) => c.action === action);
