import type {
  DeviceGroup,
  GroupCreateBody,
  GroupKind,
  GroupListQuery,
  GroupMemberInput,
  GroupUpdateBody,
} from '@tilth/contracts/automation.types';
import type { Page } from '@tilth/contracts/common.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { AUTOMATION_CODES, type PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { findBase } from '../../farm/area/index.js';
import { AutomationErrors } from './automation.errors.js';
import { channelsByIds, devicesByIds } from './automation-targets.repository.js';
import {
  deleteGroup,
  findGroup,
  type GroupRow,
  groupNameTaken,
  insertGroup,
  listGroups,
  type MemberValue,
  membersOf,
  replaceMembers,
  updateGroup,
} from './group.repository.js';
import { isActuator } from './strategy.logic.js';
import { strategiesOfGroup } from './strategy.repository.js';

type GroupAction = 'view' | 'create' | 'edit' | 'delete';

/** The code of an action on a group of a kind (control groups and device groups have their own codes). */
export const groupAccess = (kind: GroupKind, action: GroupAction = 'view'): PermissionCode =>
  AUTOMATION_CODES[kind][action];

/** Route-level access of a group action: the code of either kind (the service checks the kind touched). */
export const anyGroupAccess = (action: GroupAction): readonly PermissionCode[] => [
  AUTOMATION_CODES.control[action],
  AUTOMATION_CODES.device[action],
];

/** Groups: control groups (actuators a strategy drives together) and device groups (overview). */
export class GroupService {
  async list(ctx: Ctx, q: GroupListQuery): Promise<Page<DeviceGroup>> {
    requireTenant(ctx);
    // Strategy forms pick control groups too.
    requireAccess(
      ctx,
      q.kind === 'control'
        ? [AUTOMATION_CODES.control.view, AUTOMATION_CODES.strategy.view]
        : AUTOMATION_CODES.device.view,
    );
    const all = q.size === 0;
    const { rows, total } = await listGroups(
      ctx.db,
      ctx.tenantId,
      { kind: q.kind, name: q.name?.trim() || undefined, areaId: q.areaId },
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(await this.withMembers(ctx, rows), total, q);
  }

  /** The group, checked against the action's code of its kind; a missing group asks for either, then 404s. */
  private async load(ctx: TenantCtx, id: number, action: GroupAction): Promise<GroupRow> {
    const g = await findGroup(ctx.db, ctx.tenantId, id);
    requireAccess(ctx, g ? groupAccess(g.kind as GroupKind, action) : anyGroupAccess(action));
    if (!g) throw AutomationErrors.groupNotFound();
    return g;
  }

  async get(ctx: Ctx, id: number): Promise<DeviceGroup> {
    requireTenant(ctx);
    const g = await this.load(ctx, id, 'view');
    return (await this.withMembers(ctx, [g]))[0] as DeviceGroup;
  }

  async create(ctx: Ctx, body: GroupCreateBody): Promise<DeviceGroup> {
    requireTenant(ctx);
    requireAccess(ctx, groupAccess(body.kind, 'create'));
    const values = await this.checkValues(ctx, body.kind, body, undefined);
    const members = await this.checkMembers(ctx, body.kind, body.members);
    const id = await insertGroup(ctx.db, ctx.tenantId, ctx.user.id, body.kind, values);
    await replaceMembers(ctx.db, ctx.tenantId, id, members);
    return this.get(ctx, id);
  }

  async update(ctx: Ctx, body: GroupUpdateBody): Promise<DeviceGroup> {
    requireTenant(ctx);
    const current = await this.load(ctx, body.id, 'edit');
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const kind = current.kind as GroupKind;
    const values = await this.checkValues(ctx, kind, body, current.id);
    const members = body.members ? await this.checkMembers(ctx, kind, body.members) : undefined;
    if (!(await updateGroup(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, values)))
      throw CommonErrors.stale();
    if (members) await replaceMembers(ctx.db, ctx.tenantId, current.id, members);
    return this.get(ctx, current.id);
  }

  async setMembers(ctx: Ctx, id: number, members: GroupMemberInput[]): Promise<DeviceGroup> {
    requireTenant(ctx);
    const current = await this.load(ctx, id, 'edit');
    const checked = await this.checkMembers(ctx, current.kind as GroupKind, members);
    await replaceMembers(ctx.db, ctx.tenantId, id, checked);
    return this.get(ctx, id);
  }

  /** Deletes a group no strategy targets. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    await this.load(ctx, id, 'delete');
    const [user] = await strategiesOfGroup(ctx.db, ctx.tenantId, id);
    if (user) throw AutomationErrors.groupInUse({ name: user.name });
    await deleteGroup(ctx.db, ctx.tenantId, id);
    return { success: true };
  }

  private async withMembers(ctx: TenantCtx, rows: GroupRow[]): Promise<DeviceGroup[]> {
    const members = await membersOf(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((g) => ({
      id: g.id,
      kind: g.kind as GroupKind,
      name: g.name,
      areaId: g.areaId,
      description: g.description,
      members: members
        .filter((m) => m.groupId === g.id)
        .map((m) => ({
          deviceId: m.deviceId,
          deviceName: m.deviceName,
          typeKey: m.typeKey,
          eui: m.eui,
          online: m.online,
          channelId: m.channelId,
          channelName: m.channelName,
        })),
      objectVersionNumber: g.objectVersionNumber,
      creationDate: g.creationDate.toISOString(),
    }));
  }

  private async checkValues(
    ctx: TenantCtx,
    kind: GroupKind,
    b: { name: string; areaId?: number | null | undefined; description?: string | null | undefined },
    exceptId: number | undefined,
  ) {
    const areaId = b.areaId ?? null;
    if (areaId !== null && !(await findBase(ctx.db, ctx.tenantId, areaId)))
      throw AutomationErrors.areaNotFound();
    if (await groupNameTaken(ctx.db, ctx.tenantId, kind, b.name, exceptId))
      throw AutomationErrors.groupNameTaken({ name: b.name });
    return { name: b.name, areaId, description: b.description ?? null };
  }

  /** Devices of the tenant; channels of their device; control groups: actuators only. */
  private async checkMembers(
    ctx: TenantCtx,
    kind: GroupKind,
    members: GroupMemberInput[],
  ): Promise<MemberValue[]> {
    const devs = new Map(
      (
        await devicesByIds(
          ctx.db,
          ctx.tenantId,
          members.map((m) => m.deviceId),
        )
      ).map((d) => [d.id, d]),
    );
    const channelIds = members.flatMap((m) => (m.channelId ? [m.channelId] : []));
    const chans = new Map((await channelsByIds(ctx.db, ctx.tenantId, channelIds)).map((c) => [c.id, c]));
    return members.map((m) => {
      const d = devs.get(m.deviceId);
      if (!d) throw AutomationErrors.deviceNotFound({ field: 'members', id: m.deviceId });
      const type = deviceTypeByKey(d.typeKey);
      if (kind === 'control' && (!type || !isActuator(type)))
        throw AutomationErrors.notActuator({ field: 'members', name: d.name });
      if (m.channelId) {
        const c = chans.get(m.channelId);
        if (!c || c.deviceId !== d.id)
          throw AutomationErrors.channelNotFound({ id: m.channelId, deviceId: d.id });
      }
      return { deviceId: d.id, channelId: m.channelId ?? null };
    });
  }
}
