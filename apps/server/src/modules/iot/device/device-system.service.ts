import type { Page } from '@tilth/contracts/common.types';
import type {
  Device,
  DeviceBatchDelBody,
  DeviceListQuery,
  DeviceTransferBody,
} from '@tilth/contracts/device.types';
import { DEVICE_TYPE_KEYS } from '@tilth/contracts/device-types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { findPlot } from '../../farm/land/index.js';
import { DEVICE_ACCESS } from './device.access.js';
import { DeviceErrors } from './device.errors.js';
import {
  countOutsideChildren,
  deleteDevices,
  findDevicesByIds,
  listDevices,
  transferDevices,
} from './device.repository.js';
import { type DeviceService, toDevice } from './device.service.js';
import { isFarmBase } from './device-place.js';

/**
 * System deviceManager (spec 02 §2, like the camera manager): every device of the tenant whatever its
 * type, bulk delete and transfer to another base and land. One code guards it all.
 */
export class DeviceSystemService {
  constructor(private readonly devices: DeviceService) {}

  async page(ctx: Ctx, q: DeviceListQuery): Promise<Page<Device>> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.system);
    const all = q.size === 0;
    const { rows, total } = await listDevices(
      ctx.db,
      ctx.tenantId,
      {
        typeKeys: q.deviceType ? [q.deviceType] : DEVICE_TYPE_KEYS,
        name: q.name?.trim() || undefined,
        eui: q.eui?.trim() || undefined,
        areaId: q.areaId,
        landId: q.landId,
        parentId: q.parentId,
        online: q.online === undefined ? undefined : q.online === 1,
      },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(rows.map(toDevice), total, q);
  }

  /** Deletes all of `ids` or none: 404 when one is not the tenant's, 409 when others hang off them. */
  async batchDelete(ctx: Ctx, body: DeviceBatchDelBody): Promise<number> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.systemDelete);
    const tenantId = ctx.tenantId;
    const ids = [...new Set(body.ids)];
    const gone = await ctx.transact(async (db) => {
      const found = await findDevicesByIds(db, tenantId, ids);
      if (found.length !== ids.length) throw DeviceErrors.notFound();
      const children = await countOutsideChildren(db, tenantId, ids);
      if (children > 0) throw DeviceErrors.hasChildren({ count: children });
      await deleteDevices(db, tenantId, ids);
      return found;
    });
    await this.devices.released(ctx, gone);
    return 1;
  }

  /** Moves devices to a base and one of its lands; both are required (spec 02 §5 transfer). */
  async transfer(ctx: Ctx, body: DeviceTransferBody): Promise<number> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.systemTransfer);
    if (body.areaId === undefined || body.areaId === null) throw DeviceErrors.baseRequired();
    if (body.landId === undefined || body.landId === null) throw DeviceErrors.landRequired();
    if (!(await isFarmBase(ctx.db, ctx.tenantId, body.areaId))) throw DeviceErrors.areaNotFound();
    const landBase = (await findPlot(ctx.db, ctx.tenantId, body.landId))?.areaId;
    if (landBase === undefined) throw DeviceErrors.landNotFound();
    if (landBase !== body.areaId) throw DeviceErrors.landNotInArea();
    const ids = [...new Set(body.ids)];
    const found = await findDevicesByIds(ctx.db, ctx.tenantId, ids);
    if (found.length !== ids.length) throw DeviceErrors.notFound();
    await transferDevices(ctx.db, ctx.tenantId, ids, ctx.user.id, body.areaId, body.landId);
    return 1;
  }
}
