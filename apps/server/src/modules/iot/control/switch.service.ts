import type { Page } from '@tilth/contracts/common.types';
import type {
  CommandIssued,
  SwitchControlBody,
  SwitchCreateBody,
  SwitchItem,
  SwitchListQuery,
  SwitchType,
  SwitchUpdateBody,
} from '@tilth/contracts/control.types';
import { SWITCH_TYPES, SWITCH_VALUES } from '@tilth/contracts/control.types';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { findDevice } from '../device/index.js';
import {
  countChannels,
  deleteChannel,
  insertChannel,
  listChannels,
  updateChannel,
} from './channel.repository.js';
import { requireTypeCode, SWITCH_OWNER_TYPES } from './control.access.js';
import { ControlErrors } from './control.errors.js';
import {
  type ChannelRow,
  type ControlDevice,
  findChannel,
  findChannelByCircuit,
  pendingByChannel,
} from './control.repository.js';
import { issueCommand } from './control.service.js';

// Gateway switches (spec 02 §4, §7 /device/switch, /mqtt/control/switch): relays on a gateway, a 4G
// LoRa node or an acquisition controller. A switch is a device_channels row of kind 'switch'; its
// command goes to the owner device with the circuit as a parameter.

const owners = DEVICE_TYPES.filter((t) => SWITCH_OWNER_TYPES.has(t.key));
const codesOf = (k: 'view' | 'create' | 'edit' | 'delete' | 'control'): readonly PermissionCode[] => [
  ...new Set(owners.map((t) => t.permissions[k])),
];

export const SWITCH_ACCESS = {
  view: codesOf('view'),
  create: codesOf('create'),
  edit: codesOf('edit'),
  delete: codesOf('delete'),
  control: codesOf('control'),
} as const;

/** Most switches one device may carry (circuits 0–255). */
const MAX_SWITCHES = 256;

const asSwitchType = (s: string | null): SwitchType =>
  (SWITCH_TYPES as readonly string[]).includes(s ?? '') ? (s as SwitchType) : 'regular';

export class SwitchService {
  constructor(private readonly platform: Platform) {}

  /** The owner device of a switch list or new switch: must exist and carry switches. */
  private async owner(ctx: TenantCtx, deviceId: number): Promise<ControlDevice> {
    const device = await findDevice(ctx.db, ctx.tenantId, deviceId);
    if (!device) throw ControlErrors.deviceNotFound();
    if (!SWITCH_OWNER_TYPES.has(device.typeKey)) throw ControlErrors.notGateway();
    return device;
  }

  private async switchOf(ctx: TenantCtx, id: number): Promise<{ sw: ChannelRow; device: ControlDevice }> {
    const sw = await findChannel(ctx.db, ctx.tenantId, id);
    if (sw?.kind !== 'switch') throw ControlErrors.channelNotFound();
    const device = await findDevice(ctx.db, ctx.tenantId, sw.deviceId);
    if (!device) throw ControlErrors.channelNotFound();
    return { sw, device };
  }

  private async checkRelated(ctx: TenantCtx, relatedDeviceId: number | null | undefined): Promise<void> {
    if (relatedDeviceId == null) return;
    if (!(await findDevice(ctx.db, ctx.tenantId, relatedDeviceId))) throw ControlErrors.relatedNotFound();
  }

  async list(ctx: Ctx, q: SwitchListQuery): Promise<Page<SwitchItem>> {
    requireTenant(ctx);
    requireAccess(ctx, SWITCH_ACCESS.view);
    const device = await this.owner(ctx, q.concentratorId);
    requireTypeCode(ctx, device.typeKey, 'view');
    const all = q.size === 0;
    const { rows, total } = await listChannels(
      ctx.db,
      ctx.tenantId,
      device.id,
      'switch',
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const pending = await pendingByChannel(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) => ({
        switchId: r.id,
        concentratorId: r.deviceId,
        name: r.name,
        circuit: r.circuit,
        switchTypeName: asSwitchType(r.switchType),
        status: r.statusFlag,
        eui: device.eui,
        online: device.online ? 1 : 0,
        relatedDeviceId: r.relatedDeviceId,
        pendingCmdId: pending.get(r.id)?.cmdId ?? null,
        pendingState: pending.get(r.id)?.state ?? null,
        objectVersionNumber: r.objectVersionNumber,
      })),
      total,
      q,
    );
  }

  private async item(ctx: TenantCtx, id: number): Promise<SwitchItem> {
    const { sw, device } = await this.switchOf(ctx, id);
    const pending = (await pendingByChannel(ctx.db, ctx.tenantId, [id])).get(id);
    return {
      switchId: sw.id,
      concentratorId: sw.deviceId,
      name: sw.name,
      circuit: sw.circuit,
      switchTypeName: asSwitchType(sw.switchType),
      status: sw.statusFlag,
      eui: device.eui,
      online: device.online ? 1 : 0,
      relatedDeviceId: sw.relatedDeviceId,
      pendingCmdId: pending?.cmdId ?? null,
      pendingState: pending?.state ?? null,
      objectVersionNumber: sw.objectVersionNumber,
    };
  }

  async create(ctx: Ctx, body: SwitchCreateBody): Promise<SwitchItem> {
    requireTenant(ctx);
    requireAccess(ctx, SWITCH_ACCESS.create);
    const device = await this.owner(ctx, body.concentratorId);
    requireTypeCode(ctx, device.typeKey, 'create');
    await this.checkRelated(ctx, body.relatedDeviceId);
    if (await findChannelByCircuit(ctx.db, ctx.tenantId, device.id, 'switch', body.circuit)) {
      throw ControlErrors.circuitTaken({ circuit: body.circuit });
    }
    if ((await countChannels(ctx.db, ctx.tenantId, device.id, 'switch')) >= MAX_SWITCHES) {
      throw ControlErrors.circuitTaken({ circuit: body.circuit });
    }
    const res = await insertChannel(ctx.db, ctx.tenantId, ctx.user.id, device.id, 'switch', {
      name: body.name,
      circuit: body.circuit,
      switchType: body.switchTypeName,
      icon: null,
      relatedDeviceId: body.relatedDeviceId ?? null,
    });
    if ('conflict' in res) throw ControlErrors.circuitTaken({ circuit: body.circuit });
    return this.item(ctx, res.row.id);
  }

  async update(ctx: Ctx, body: SwitchUpdateBody): Promise<SwitchItem> {
    requireTenant(ctx);
    requireAccess(ctx, SWITCH_ACCESS.edit);
    const { sw, device } = await this.switchOf(ctx, body.switchId);
    requireTypeCode(ctx, device.typeKey, 'edit');
    await this.checkRelated(ctx, body.relatedDeviceId);
    if (body.circuit !== undefined && body.circuit !== sw.circuit) {
      if (await findChannelByCircuit(ctx.db, ctx.tenantId, device.id, 'switch', body.circuit)) {
        throw ControlErrors.circuitTaken({ circuit: body.circuit });
      }
    }
    const res = await updateChannel(ctx.db, ctx.tenantId, sw.id, body.objectVersionNumber, ctx.user.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.circuit === undefined ? {} : { circuit: body.circuit }),
      ...(body.switchTypeName === undefined ? {} : { switchType: body.switchTypeName }),
      ...(body.relatedDeviceId === undefined ? {} : { relatedDeviceId: body.relatedDeviceId }),
    });
    if (!res) throw CommonErrors.stale();
    if ('conflict' in res) throw ControlErrors.circuitTaken({ circuit: body.circuit ?? sw.circuit });
    return this.item(ctx, sw.id);
  }

  async remove(ctx: Ctx, id: number): Promise<number> {
    requireTenant(ctx);
    requireAccess(ctx, SWITCH_ACCESS.delete);
    const { device } = await this.switchOf(ctx, id);
    requireTypeCode(ctx, device.typeKey, 'delete');
    if (!(await deleteChannel(ctx.db, ctx.tenantId, id))) throw ControlErrors.channelNotFound();
    return 1;
  }

  /**
   * Spec 02 §3 switch control payload {switchId, sw, eui, circuit}: sw per switch type (regular 1/0;
   * motorised and curtain 1/0/2), eui and circuit, when sent, must match the registered switch.
   */
  async control(ctx: Ctx, body: SwitchControlBody): Promise<CommandIssued> {
    requireTenant(ctx);
    requireAccess(ctx, SWITCH_ACCESS.control);
    const { sw, device } = await this.switchOf(ctx, body.switchId);
    requireTypeCode(ctx, device.typeKey, 'control');
    if (body.eui !== undefined && body.eui !== device.eui)
      throw ControlErrors.switchMismatch({ field: 'eui' });
    if (body.circuit !== undefined && body.circuit !== sw.circuit) {
      throw ControlErrors.switchMismatch({ field: 'circuit' });
    }
    const type = asSwitchType(sw.switchType);
    if (!SWITCH_VALUES[type].includes(body.sw)) {
      throw ControlErrors.switchValue({ type, values: SWITCH_VALUES[type].join(', ') });
    }
    return issueCommand(this.platform, ctx.db, ctx.tenantId, {
      deviceId: device.id,
      channelId: sw.id,
      action: 'switch',
      params: { switchId: sw.id, circuit: sw.circuit, sw: body.sw },
      source: 'user',
      userId: ctx.user.id,
    });
  }
}
