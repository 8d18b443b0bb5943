import type { Page } from '@tilth/contracts/common.types';
import type { CommandIssued } from '@tilth/contracts/control.types';
import type {
  Curve,
  CurveQuery,
  Device,
  DeviceStatusLogItem,
  DeviceUpdateBody,
} from '@tilth/contracts/device.types';
import type {
  FamilyArea,
  FamilyControlBody,
  FamilyCreateBody,
  FamilyDevice,
  FamilyDeviceCreated,
  FamilyListQuery,
  FamilyPageQuery,
  FamilyStatusQuery,
  GatewayQuery,
} from '@tilth/contracts/device-family-paths.types';
import { type DeviceTypeDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Db } from '../../../platform/db/client.js';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { ControlService } from '../control/index.js';
import { requireTypeAccess, viewableTypes } from './device.access.js';
import { DeviceErrors } from './device.errors.js';
import { type DeviceFilter, findDevice, findDeviceByEui, listDevices } from './device.repository.js';
import { type DeviceService, toDevice } from './device.service.js';
import type { DeviceDataService } from './device-data.service.js';

// Spec 02 §7 family paths over the one registry: every call is the DeviceService's, with the device type
// fixed by the path. A device of another type is "not found" on that path, whatever the caller holds.

/** The registry types one family path serves; a create without deviceType registers the first. */
export type FamilyTypes = readonly [string, ...string[]];

type Action = keyof DeviceTypeDef['permissions'];

/** Route-level access of a family path: any of its types' codes for the action. */
export const familyCodes = (types: readonly string[], action: Action): PermissionCode[] => [
  ...new Set(
    types.map((k) => deviceTypeByKey(k)?.permissions[action]).filter((c): c is PermissionCode => !!c),
  ),
];

export const toFamily = (d: Device): FamilyDevice => ({ ...d, concentratorId: d.id, imeI: d.eui });

export class FamilyCrudService {
  constructor(
    private readonly devices: DeviceService,
    private readonly data: DeviceDataService,
    private readonly control: ControlService,
  ) {}

  async page(ctx: Ctx, types: FamilyTypes, q: FamilyPageQuery): Promise<Page<FamilyDevice>> {
    this.begin(ctx, types, 'view');
    const all = q.size === 0;
    const { rows, total } = await listDevices(
      ctx.db,
      ctx.tenantId,
      this.filter(ctx, types, q),
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(
      rows.map((r) => toFamily(toDevice(r))),
      total,
      q,
    );
  }

  async list(ctx: Ctx, types: FamilyTypes, q: FamilyListQuery): Promise<FamilyDevice[]> {
    this.begin(ctx, types, 'view');
    const { rows } = await listDevices(ctx.db, ctx.tenantId, this.filter(ctx, types, q));
    return rows.map((r) => toFamily(toDevice(r)));
  }

  async details(ctx: Ctx, types: FamilyTypes, id: number): Promise<FamilyDevice> {
    this.begin(ctx, types, 'view');
    await this.own(ctx.db, ctx, types, id);
    return toFamily(await this.devices.details(ctx, id));
  }

  async area(ctx: Ctx, types: FamilyTypes, id: number): Promise<FamilyArea> {
    const d = await this.details(ctx, types, id);
    return {
      id: d.id,
      concentratorId: d.id,
      deviceType: d.deviceType,
      name: d.name,
      eui: d.eui,
      areaId: d.areaId,
      areaName: d.areaName,
      landId: d.landId,
      landName: d.landName,
      latlng: d.latlng,
    };
  }

  async create(ctx: Ctx, types: FamilyTypes, body: FamilyCreateBody): Promise<FamilyDeviceCreated> {
    this.begin(ctx, types, 'create');
    const deviceType = body.deviceType ?? types[0];
    if (!types.includes(deviceType)) throw this.wrongType(types);
    const made = await this.devices.create(ctx, { ...body, deviceType });
    return { device: toFamily(made.device), credentials: made.credentials };
  }

  async update(ctx: Ctx, types: FamilyTypes, body: DeviceUpdateBody): Promise<FamilyDevice> {
    this.begin(ctx, types, 'edit');
    await this.own(ctx.db, ctx, types, body.id);
    return toFamily(await this.devices.update(ctx, body));
  }

  /** Answers 1; 409 with the reason when devices still hang off it. Runs outside the request transaction. */
  async remove(ctx: Ctx, types: FamilyTypes, id: number): Promise<1> {
    this.begin(ctx, types, 'delete');
    await ctx.transact((db) => this.own(db, ctx, types, id));
    await this.devices.remove(ctx, id);
    return 1;
  }

  /** A registry command of the device's type (its control code; 409 when offline, nothing stored). */
  async command(ctx: Ctx, types: FamilyTypes, id: number, body: FamilyControlBody): Promise<CommandIssued> {
    this.begin(ctx, types, 'control');
    await this.own(ctx.db, ctx, types, id);
    return this.control.command(ctx, id, { ...body, channelId: null });
  }

  /** Telemetry history of one metric (chart-ready, ≤ maxPoints). */
  async history(ctx: Ctx, types: FamilyTypes, id: number, q: CurveQuery): Promise<Curve> {
    this.begin(ctx, types, 'view');
    await this.own(ctx.db, ctx, types, id);
    return this.data.curve(ctx, id, q);
  }

  /** Online / offline history of one device. */
  async statusLog(ctx: Ctx, types: FamilyTypes, q: FamilyStatusQuery): Promise<Page<DeviceStatusLogItem>> {
    this.begin(ctx, types, 'view');
    const device = await this.own(ctx.db, ctx, types, q.id);
    const { id, ...rest } = q;
    return this.data.statusLog(ctx, { ...rest, deviceId: id, deviceType: device.typeKey });
  }

  /** One device by serial (IMEI), whichever of the path's types it is. */
  async byEui(ctx: Ctx, types: FamilyTypes, eui: string): Promise<FamilyDevice> {
    this.begin(ctx, types, 'view');
    for (const t of types) {
      const row = await findDeviceByEui(ctx.db, ctx.tenantId, t, eui);
      if (row) {
        requireTypeAccess(ctx, row.typeKey, 'view');
        return toFamily(await this.devices.details(ctx, row.id));
      }
    }
    throw DeviceErrors.notFound();
  }

  /**
   * Devices of `childTypes` (default: any the caller may view) hanging off one device of `parentTypes`
   * (404 when it is none such). Access: the child types' view codes when given, else the parent's.
   */
  async children(
    ctx: Ctx,
    parentTypes: FamilyTypes,
    id: number,
    childTypes?: FamilyTypes,
  ): Promise<FamilyDevice[]> {
    this.begin(ctx, childTypes ?? parentTypes, 'view');
    await this.own(ctx.db, ctx, parentTypes, id);
    const visible = viewableTypes(ctx).filter((t) => !childTypes || childTypes.includes(t));
    const { rows } = await listDevices(ctx.db, ctx.tenantId, { typeKeys: visible, parentId: id });
    return rows.map((r) => toFamily(toDevice(r)));
  }

  /** Every device of the path's types the caller may view, optionally only offline ones. */
  async select(ctx: Ctx, types: FamilyTypes, q: GatewayQuery, onlyOffline: boolean): Promise<FamilyDevice[]> {
    const rows = await this.list(ctx, types, { ...q, ...(onlyOffline ? { online: 0 } : {}) });
    // Offline: longest silent first (the robotic-arm page shows which gateway to check).
    const seen = (d: FamilyDevice) => (d.lastSeenAt ? Date.parse(d.lastSeenAt) : 0);
    return onlyOffline ? rows.sort((a, b) => seen(a) - seen(b)) : rows;
  }

  private begin(ctx: Ctx, types: FamilyTypes, action: Action): asserts ctx is TenantCtx {
    requireTenant(ctx);
    requireAccess(ctx, familyCodes(types, action));
  }

  private filter(ctx: TenantCtx, types: FamilyTypes, q: FamilyListQuery): DeviceFilter {
    if (q.deviceType !== undefined && !types.includes(q.deviceType)) throw this.wrongType(types);
    if (q.deviceType !== undefined) requireTypeAccess(ctx, q.deviceType, 'view');
    const viewable = viewableTypes(ctx);
    return {
      typeKeys: q.deviceType ? [q.deviceType] : types.filter((t) => viewable.includes(t)),
      name: q.name?.trim() || undefined,
      eui: q.eui?.trim() || undefined,
      areaId: q.areaId,
      landId: q.landId,
      parentId: q.parentId,
      online: q.online === undefined ? undefined : q.online === 1,
    };
  }

  /** The device, when it is one of the path's types in this tenant; 404 otherwise. */
  private async own(db: Db, ctx: TenantCtx, types: FamilyTypes, id: number) {
    const row = await findDevice(db, ctx.tenantId, id);
    if (!row || !types.includes(row.typeKey)) throw DeviceErrors.notFound();
    return row;
  }

  private wrongType(types: FamilyTypes) {
    return CommonErrors.validation({ detail: `deviceType: one of ${types.join(', ')}` });
  }
}
