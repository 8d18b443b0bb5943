import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Page } from '@tilth/contracts/common.types';
import type { ControlLogItem } from '@tilth/contracts/control.types';
import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import type { CommandIssued } from '@tilth/contracts/device-family.types';
import {
  ARM_SWITCH_TARGETS,
  type ArmAlarmItem,
  type ArmCtrlSwitchBody,
  type ArmImage,
  type ArmLive,
  type LiveState,
  type OpsPagedQuery,
} from '@tilth/contracts/device-family-ops.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { defineErrors } from '../../../platform/errors.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { parseDeviceUsername, secretMatches } from '../../../platform/iot/device-secret.js';
import type { Platform } from '../../../platform/platform.js';
import { fileUrlOf, insertFile } from '../../messaging/file/index.js';
import { listControlLog, toLogItem } from '../control/index.js';
import { updateDeviceConfig } from '../device/index.js';
import { photoType } from '../insect/index.js';
import { ARM, loadDevice } from './device-family.access.js';
import { type DeviceRow, failedCommands, faultReadings } from './device-family.repository.js';
import { command } from './device-family.service.js';
import { liveCall } from './robotic-arm.live.js';
import {
  ARM_IMAGE_BUCKET,
  armImageUuid,
  findDeviceByAddress,
  listArmImages,
} from './robotic-arm.repository.js';

// Robotic arm operations of spec 02 §7 /device/mar beyond presets and cruises: power / motion switch,
// alarm and control logs, captured images (uploaded by the arm over HTTP with its broker credentials),
// the camera stream and pan-tilt, the image service, and the status / configuration round trips.

export const ARM_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const ALARM_SOURCE_LIMIT = 500;

export const ArmErrors = defineErrors({
  noStream: {
    status: 409,
    code: 'wfpe.device.mar.noStream',
    message: {
      'zh-CN': '该机械臂未配置视频流地址',
      'en-US': 'No stream is configured for this robotic arm',
    },
  },
  deviceUnauthorized: {
    status: 401,
    code: 'wfpe.device.mar.unauthorized',
    message: { 'zh-CN': '设备认证失败', 'en-US': 'Device authentication failed' },
  },
  notImage: {
    status: 400,
    code: 'wfpe.device.mar.notImage',
    message: { 'zh-CN': '只能上传 JPG/PNG 图片', 'en-US': 'You can only upload JPG/PNG file!' },
  },
  tooLarge: {
    status: 413,
    code: 'wfpe.device.mar.imageTooLarge',
    message: { 'zh-CN': '图片不能超过 {n}MB', 'en-US': 'The image cannot exceed {n}MB' },
  },
});

const page = <T>(all: readonly T[], q: OpsPagedQuery): Page<T> =>
  pageAnswer(q.size === 0 ? [...all] : all.slice(q.page * q.size, (q.page + 1) * q.size), all.length, q);

/** The control log of one device, newest first (inverter getLog, arm ctrl-log). */
export const deviceControlLog = async (ctx: TenantCtx, deviceId: number, q: OpsPagedQuery) => {
  const all = q.size === 0;
  const { rows, total } = await listControlLog(
    ctx.db,
    ctx.tenantId,
    { deviceId },
    all ? undefined : q.size,
    all ? 0 : q.page * q.size,
  );
  const content: ControlLogItem[] = rows.map(toLogItem);
  return pageAnswer(content, total, q);
};

/** Protocol of a stream URL, by scheme and extension. */
export const streamProtocol = (url: string): string => {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  if (scheme === 'rtsp' || scheme === 'rtmp') return scheme;
  if (scheme === 'ws' || scheme === 'wss') return 'webrtc';
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.flv')) return 'flv';
  return 'http';
};

export class RoboticArmService {
  constructor(private readonly platform: Platform) {}

  private async send(ctx: Ctx, id: number, action: string, params: Record<string, number | boolean> = {}) {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, ARM, 'control');
    return command(this.platform, ctx, row.id, action, params);
  }

  /** Power (target power) or motion (target motion) switch; refused with 409 when the arm is offline. */
  ctrlSwitch(ctx: Ctx, body: ArmCtrlSwitchBody): Promise<CommandIssued> {
    return this.send(ctx, body.id, 'ctrlSwitch', {
      target: ARM_SWITCH_TARGETS[body.target],
      on: body.on === 1,
    });
  }

  cameraControl(ctx: Ctx, id: number, direction: number): Promise<CommandIssued> {
    return this.send(ctx, id, 'ptz', { direction });
  }

  imageService(ctx: Ctx, id: number, op: 'restart' | 'update'): Promise<CommandIssued> {
    return this.send(ctx, id, op === 'restart' ? 'restartImg' : 'updateImg');
  }

  /** Asks the arm for its axes, running, fault and switches; stale stored state when it does not answer. */
  callStatus(ctx: Ctx, id: number): Promise<LiveState> {
    requireTenant(ctx);
    return liveCall(this.platform, ctx, id, { types: ARM, op: 'view', action: 'callStatus' });
  }

  /** Asks the arm for its axis travel and keeps what it reports in its config (yTravelMm / zTravelMm). */
  callConfig(ctx: Ctx, id: number): Promise<LiveState> {
    requireTenant(ctx);
    return liveCall(this.platform, ctx, id, {
      types: ARM,
      op: 'view',
      action: 'callConfig',
      afterAnswer: (tx, row) => this.keepTravel(tx, row),
    });
  }

  private async keepTravel(ctx: TenantCtx, row: DeviceRow): Promise<DeviceRow> {
    const patch: Record<string, number> = {};
    if (typeof row.latest.yTravel === 'number') patch.yTravelMm = row.latest.yTravel;
    if (typeof row.latest.zTravel === 'number') patch.zTravelMm = row.latest.zTravel;
    if (Object.keys(patch).every((k) => row.config[k] === patch[k])) return row;
    const parsed = deviceConfigSchema(row.typeKey).safeParse({ ...row.config, ...patch });
    // A report outside the configurable range is shown in latest but not kept as config.
    if (!parsed.success) return row;
    return (await updateDeviceConfig(ctx.db, ctx.tenantId, row.id, ctx.user.id, parsed.data)) ?? row;
  }

  /** Fault readings and failed or unanswered commands, newest first. */
  async alarmLog(ctx: Ctx, q: OpsPagedQuery): Promise<Page<ArmAlarmItem>> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, q.id, ARM, 'view');
    const zh = ctx.lang === 'zh-CN';
    const items: ArmAlarmItem[] = [];
    for (const r of await faultReadings(ctx.db, ctx.tenantId, row.id, ALARM_SOURCE_LIMIT)) {
      items.push({
        key: `fault:${r.seq}`,
        kind: 'fault',
        time: r.ts.toISOString(),
        message: zh ? '设备上报故障' : 'The device reported a fault',
      });
    }
    for (const c of await failedCommands(ctx.db, ctx.tenantId, row.id, ALARM_SOURCE_LIMIT)) {
      const what =
        c.state === 'timeout' ? (zh ? '无应答' : 'no answer') : (c.message ?? (zh ? '执行失败' : 'failed'));
      items.push({
        key: `cmd:${c.id}`,
        kind: 'command',
        time: (c.finishedAt ?? c.createdAt).toISOString(),
        message: `${c.action}: ${what}`,
      });
    }
    return page(
      items.sort((a, b) => b.time.localeCompare(a.time)),
      q,
    );
  }

  async ctrlLog(ctx: Ctx, q: OpsPagedQuery): Promise<Page<ControlLogItem>> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, q.id, ARM, 'view');
    return deviceControlLog(ctx, row.id, q);
  }

  async images(ctx: Ctx, q: OpsPagedQuery): Promise<Page<ArmImage>> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, q.id, ARM, 'view');
    const all = q.size === 0;
    const { rows, total } = await listArmImages(
      ctx.db,
      ctx.tenantId,
      row.id,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    return pageAnswer(
      rows.map((r) => ({
        fileId: r.id,
        fileUrl: fileUrlOf(ctx.tenantId, r.id),
        fileName: r.fileName,
        contentType: r.contentType,
        fileSize: r.fileSize,
        takenAt: r.creationDate.toISOString(),
      })),
      total,
      q,
    );
  }

  /** The arm camera's stream from its config; cameras proper (players, playback) are the camera module's. */
  async live(ctx: Ctx, id: number): Promise<ArmLive> {
    requireTenant(ctx);
    const { row } = await loadDevice(ctx, id, ARM, 'view');
    const url = row.config.streamUrl;
    if (typeof url !== 'string' || url === '') throw ArmErrors.noStream();
    return { protocol: streamProtocol(url), url };
  }

  /**
   * An arm posting a captured image (HTTP Basic: its broker username {tenantId}/robotic-arm/{eui} and
   * secret). Any mismatch is the same 401, so a caller learns nothing about which devices exist.
   */
  async authenticate(ctx: Ctx, authorization: string | undefined): Promise<{ id: number; eui: string }> {
    const m = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(authorization ?? '');
    const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const address = colon > 0 ? parseDeviceUsername(decoded.slice(0, colon)) : undefined;
    const tenantId = ctx.tenantId;
    if (
      tenantId === null ||
      !address ||
      address.tenantId !== tenantId ||
      !ARM.includes(address.typeKey as 'robotic-arm')
    ) {
      throw ArmErrors.deviceUnauthorized();
    }
    const device = await ctx.transact((db) =>
      findDeviceByAddress(db, tenantId, address.typeKey, address.eui),
    );
    if (
      !device?.secretHash ||
      device.enabledFlag !== 1 ||
      !secretMatches(decoded.slice(colon + 1), device.secretHash)
    ) {
      throw ArmErrors.deviceUnauthorized();
    }
    return { id: device.id, eui: device.eui };
  }

  /** Stores a captured image (JPG / PNG by content) for the arm's image list. */
  async storeImage(ctx: Ctx, arm: { id: number; eui: string }, image: Buffer): Promise<ArmImage> {
    const tenantId = ctx.tenantId;
    if (tenantId === null) throw ArmErrors.deviceUnauthorized();
    const type = photoType(image);
    if (!type) throw ArmErrors.notImage();
    const fileId = randomUUID();
    const now = new Date();
    const storageKey = `${tenantId}/${ARM_IMAGE_BUCKET}/${now.toISOString().slice(0, 7).replace('-', '/')}/${fileId}`;
    await this.platform.storage.put(storageKey, Readable.from([image]));
    const fileName = `${arm.eui}-${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}.${type.ext}`;
    try {
      await ctx.transact((db) =>
        insertFile(db, {
          tenantId,
          id: fileId,
          attachmentUuid: armImageUuid(tenantId, arm.id),
          bucketName: ARM_IMAGE_BUCKET,
          fileName,
          contentType: type.contentType,
          fileSize: image.length,
          storageKey,
          createdBy: null,
        }),
      );
    } catch (err) {
      await this.platform.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
    return {
      fileId,
      fileUrl: fileUrlOf(tenantId, fileId),
      fileName,
      contentType: type.contentType,
      fileSize: image.length,
      takenAt: now.toISOString(),
    };
  }
}
