import type { Page } from '@tilth/contracts/common.types';
import type {
  Device,
  DeviceCreateBody,
  DeviceCreated,
  DeviceCredentials,
  DeviceListQuery,
  DeviceUpdateBody,
} from '@tilth/contracts/device.types';
import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import { deviceTopic } from '@tilth/contracts/device-topics';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { deviceUsername, hashDeviceSecret, newDeviceSecret } from '../../../platform/iot/device-secret.js';
import type { DeviceAddress } from '../../../platform/iot/iot.js';
import { findPlot } from '../../farm/land/index.js';
import { DEVICE_ACCESS, requireTypeAccess, viewableTypes } from './device.access.js';
import { DeviceErrors } from './device.errors.js';
import {
  countOutsideChildren,
  type DeviceValues,
  type DeviceView,
  deleteDevices,
  findDevice,
  findDeviceByEui,
  insertDevice,
  listDevices,
  setDeviceSecret,
  updateDevice,
} from './device.repository.js';
import { isFarmBase } from './device-place.js';

/**
 * What the registry needs of the IoT runtime: where devices connect, and (when the runtime offers it) a
 * way to drop a device's cached broker login and its live connection after its secret changed, or it was
 * disabled, enabled or deleted.
 */
export interface DeviceIotLink {
  brokerAddress(): { host: string; port: number };
  forgetDevice?(tenantId: number, deviceId: number): void | Promise<void>;
  /** Gives an external broker that keeps its own accounts the secret just issued (before the commit). */
  provisionDevice?(device: DeviceAddress, secret: string): Promise<void>;
  /** Removes a deleted device's external broker account (after the commit). */
  releaseDevice?(device: DeviceAddress): Promise<void>;
  enableDevice?(device: DeviceAddress, enabled: boolean): Promise<void>;
}

/** A device by its broker identity. */
export interface DeviceRef {
  id: number;
  typeKey: string;
  eui: string;
}

export const toDevice = (r: DeviceView): Device => ({
  id: r.id,
  deviceType: r.typeKey,
  name: r.name,
  eui: r.eui,
  iccid: r.iccid,
  areaId: r.areaId,
  areaName: r.areaName,
  landId: r.landId,
  landName: r.landName,
  latlng: r.lat !== null && r.lng !== null ? `${r.lat},${r.lng}` : '',
  lat: r.lat,
  lng: r.lng,
  parentId: r.parentId,
  parentName: r.parentName,
  config: r.config,
  description: r.description,
  enabledFlag: r.enabledFlag === 0 ? 0 : 1,
  online: r.online ? 1 : 0,
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  latest: r.latest,
  latestAt: r.latestAt?.toISOString() ?? null,
  secretIssuedAt: r.secretIssuedAt?.toISOString() ?? null,
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
});

export class DeviceService {
  constructor(private readonly iot: () => DeviceIotLink) {}

  /** The devices of the types the caller may view; 403 when a type is asked the caller may not view. */
  async page(ctx: Ctx, q: DeviceListQuery): Promise<Page<Device>> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    if (q.deviceType) requireTypeAccess(ctx, q.deviceType, 'view');
    const all = q.size === 0;
    const { rows, total } = await listDevices(
      ctx.db,
      ctx.tenantId,
      {
        typeKeys: q.deviceType ? [q.deviceType] : viewableTypes(ctx),
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

  async details(ctx: Ctx, id: number): Promise<Device> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.view);
    const row = await this.load(ctx, id);
    requireTypeAccess(ctx, row.typeKey, 'view');
    return toDevice(row);
  }

  /** Registers a device and issues its broker secret, returned this once only. */
  async create(ctx: Ctx, body: DeviceCreateBody): Promise<DeviceCreated> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.create);
    const type = requireTypeAccess(ctx, body.deviceType, 'create');
    const values = await this.checked(ctx, type.key, undefined, {
      name: body.name,
      iccid: body.iccid ?? null,
      areaId: body.areaId ?? null,
      landId: body.landId ?? null,
      lat: body.lat ?? null,
      lng: body.lng ?? null,
      parentId: body.parentId ?? null,
      config: body.config ?? {},
      description: body.description ?? null,
      enabledFlag: body.enabledFlag ?? 1,
    });
    const taken = await findDeviceByEui(ctx.db, ctx.tenantId, type.key, body.eui);
    if (taken) throw DeviceErrors.euiTaken({ eui: body.eui, name: taken.name });
    const secret = newDeviceSecret();
    const res = await insertDevice(ctx.db, ctx.tenantId, ctx.user.id, {
      ...values,
      typeKey: type.key,
      eui: body.eui,
      secretHash: hashDeviceSecret(secret),
    });
    if ('conflict' in res) throw DeviceErrors.euiTaken({ eui: body.eui, name: body.eui });
    // Still inside the request's transaction: a broker that refuses the account undoes the registration.
    await this.iot().provisionDevice?.({ tenantId: ctx.tenantId, typeKey: type.key, eui: body.eui }, secret);
    const device = toDevice(await this.load(ctx, res.row.id));
    return { device, credentials: this.credentials(ctx.tenantId, device, secret) };
  }

  async update(ctx: Ctx, body: DeviceUpdateBody): Promise<Device> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.edit);
    const current = await this.load(ctx, body.id);
    requireTypeAccess(ctx, current.typeKey, 'edit');
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const pick = <K extends keyof DeviceValues>(k: K, v: DeviceValues[K] | undefined): DeviceValues[K] =>
      v === undefined ? current[k] : v;
    const values = await this.checked(ctx, current.typeKey, current, {
      name: pick('name', body.name),
      iccid: pick('iccid', body.iccid),
      areaId: pick('areaId', body.areaId),
      landId: pick('landId', body.landId),
      lat: pick('lat', body.lat),
      lng: pick('lng', body.lng),
      parentId: pick('parentId', body.parentId),
      config: body.config === undefined ? current.config : body.config,
      description: pick('description', body.description),
      enabledFlag: pick('enabledFlag', body.enabledFlag),
    });
    const row = await updateDevice(
      ctx.db,
      ctx.tenantId,
      current.id,
      body.objectVersionNumber,
      ctx.user.id,
      values,
    );
    if (!row) throw CommonErrors.stale();
    if (values.enabledFlag !== current.enabledFlag) {
      await this.enableOnBroker(ctx, current, values.enabledFlag === 1);
      // As rotation does: drop the cached login and the open session. This runs inside the request's
      // transaction; a login racing it waits on the row lock and reads the committed flag, and ingest
      // stores nothing of a disabled device once the change committed.
      await this.forget(ctx, [current.id]);
    }
    return toDevice(await this.load(ctx, current.id));
  }

  /** Deletes a device no other device hangs off (409 otherwise); its history stays. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.delete);
    const tenantId = ctx.tenantId;
    const gone = await ctx.transact(async (db) => {
      const current = await findDevice(db, tenantId, id, 'update');
      if (!current) throw DeviceErrors.notFound();
      requireTypeAccess(ctx, current.typeKey, 'delete');
      const children = await countOutsideChildren(db, tenantId, [id]);
      if (children > 0) throw DeviceErrors.hasChildren({ count: children });
      if ((await deleteDevices(db, tenantId, [id])) === 0) throw DeviceErrors.notFound();
      return current;
    });
    await this.released(ctx, [gone]);
    return { success: true };
  }

  /** Issues a new broker secret; the old one stops working (and a connected client is dropped). */
  async rotate(ctx: Ctx, id: number): Promise<DeviceCredentials> {
    requireTenant(ctx);
    requireAccess(ctx, DEVICE_ACCESS.edit);
    const tenantId = ctx.tenantId;
    const secret = newDeviceSecret();
    const device = await ctx.transact(async (db) => {
      const current = await findDevice(db, tenantId, id, 'update');
      if (!current) throw DeviceErrors.notFound();
      requireTypeAccess(ctx, current.typeKey, 'edit');
      if (!(await setDeviceSecret(db, tenantId, id, ctx.user.id, hashDeviceSecret(secret)))) {
        throw DeviceErrors.notFound();
      }
      // Before the commit: if the broker does not take the new secret, the old one stays in both places.
      await this.iot().provisionDevice?.({ tenantId, typeKey: current.typeKey, eui: current.eui }, secret);
      return toDevice(current);
    });
    await this.forget(ctx, [id]);
    return this.credentials(tenantId, device, secret);
  }

  /** Drops cached broker logins and live connections of changed devices; a failure only delays it. */
  async forget(ctx: TenantCtx, ids: readonly number[]): Promise<void> {
    const link = this.iot();
    if (!link.forgetDevice) return;
    for (const id of ids) {
      try {
        await link.forgetDevice(ctx.tenantId, id);
      } catch (err) {
        ctx.log.warn({ err, deviceId: id }, 'could not drop the broker session of a changed device');
      }
    }
  }

  /** After devices were deleted: drops their broker sessions and their external broker accounts. */
  async released(ctx: TenantCtx, devices: readonly DeviceRef[]): Promise<void> {
    await this.forget(
      ctx,
      devices.map((d) => d.id),
    );
    const link = this.iot();
    if (!link.releaseDevice) return;
    for (const d of devices) {
      try {
        await link.releaseDevice({ tenantId: ctx.tenantId, typeKey: d.typeKey, eui: d.eui });
      } catch (err) {
        // The device is gone from the registry, so ingest drops what the leftover account sends.
        ctx.log.warn({ err, deviceId: d.id }, 'could not remove the broker account of a deleted device');
      }
    }
  }

  /** Disables (and so disconnects) or re-enables the device's account on an external broker. */
  private async enableOnBroker(ctx: TenantCtx, d: DeviceRef, enabled: boolean): Promise<void> {
    try {
      await this.iot().enableDevice?.({ tenantId: ctx.tenantId, typeKey: d.typeKey, eui: d.eui }, enabled);
    } catch (err) {
      // Ingest stores nothing of a disabled device anyway; only the broker account lags.
      ctx.log.warn({ err, deviceId: d.id }, 'could not change the broker account of a device');
    }
  }

  private credentials(tenantId: number, d: Device, secret: string): DeviceCredentials {
    const address = { tenantId, typeKey: d.deviceType, eui: d.eui };
    const username = deviceUsername(address);
    const { host, port } = this.iot().brokerAddress();
    const topic = (k: 'up' | 'status' | 'down' | 'ack') => deviceTopic(tenantId, d.deviceType, d.eui, k);
    return {
      host,
      port,
      clientId: username,
      username,
      password: secret,
      topics: { up: topic('up'), status: topic('status'), down: topic('down'), ack: topic('ack') },
    };
  }

  private async load(ctx: TenantCtx, id: number): Promise<DeviceView> {
    const row = await findDevice(ctx.db, ctx.tenantId, id);
    if (!row || !deviceTypeByKey(row.typeKey)) throw DeviceErrors.notFound();
    return row;
  }

  /** Checks the references and settings of a device about to be written; answers the values to store. */
  private async checked(
    ctx: TenantCtx,
    typeKey: string,
    current: DeviceView | undefined,
    v: DeviceValues,
  ): Promise<DeviceValues> {
    if ((v.lat === null) !== (v.lng === null)) throw DeviceErrors.latLngPair();
    let areaId = v.areaId;
    if (v.landId !== null && (v.landId !== current?.landId || areaId !== current?.areaId)) {
      const landBase = (await findPlot(ctx.db, ctx.tenantId, v.landId))?.areaId;
      if (landBase === undefined) throw DeviceErrors.landNotFound();
      // A land alone names its base; a land and a base must agree.
      if (areaId === null) areaId = landBase;
      else if (areaId !== landBase) throw DeviceErrors.landNotInArea();
    }
    if (areaId !== null && areaId !== current?.areaId && !(await isFarmBase(ctx.db, ctx.tenantId, areaId))) {
      throw DeviceErrors.areaNotFound();
    }
    if (v.parentId !== null && v.parentId !== current?.parentId) {
      if (v.parentId === current?.id) throw DeviceErrors.parentInvalid();
      const parent = await findDevice(ctx.db, ctx.tenantId, v.parentId);
      if (!parent || deviceTypeByKey(parent.typeKey)?.family !== 'gateway')
        throw DeviceErrors.parentInvalid();
    }
    const config = deviceConfigSchema(typeKey).safeParse(v.config);
    if (!config.success) {
      const issue = config.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw DeviceErrors.configInvalid({ detail: `${where}${issue?.message ?? 'invalid'}` });
    }
    return { ...v, areaId, config: config.data };
  }
}
