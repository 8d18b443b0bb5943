import { CAMERA_SECRET_KEY, type Camera } from '@tilth/contracts/camera.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { CameraOfflineError, type CameraProvider, type CameraRef } from '../camera-media/index.js';
import { CameraErrors } from './camera.errors.js';
import { cameraProviders } from './camera.providers.js';
import { type CameraView, findCamera, setViewer } from './camera.repository.js';
import { isPlatformProvider, platformSettings } from './camera-platform.cache.js';

// Who may do what with a camera (spec 02 §6), and the lookups every camera call starts with.

const CAMERA_PAGE: PermissionCode = 'wfpf.farm.equipment.camera';
const MANAGER: PermissionCode = 'wfpf.company.system.cameraManager';
const CM = 'wfpf.company.system.farm-maintenance.camera-management.ps';

export const CAMERA_ACCESS = {
  /** Watching: the camera page, the video-surveillance page and the camera manager. */
  view: [CAMERA_PAGE, 'wfpf.farm.equipment.videosurveillance', MANAGER],
  create: 'wfpf.farm.equipment.camera.ps.create',
  edit: 'wfpf.farm.equipment.camera.ps.edit',
  delete: 'wfpf.farm.equipment.camera.ps.delete',
  control: 'wfpf.farm.equipment.camera.ps.control',
  manager: [MANAGER],
  bulkDelete: [`${CM}.bulkDel`, `${CM}.del`],
  transfer: [`${CM}.bulkTransfer`, `${CM}.transfer`],
} as const satisfies Record<string, PermissionCode | readonly PermissionCode[]>;

/** A camera the caller sees: its tenant's own, or one shared to it (view-only) and not expired. */
/** A camera as the calls use it: a platform camera with its owner's platform settings (null: none). */
export type LoadedCamera = CameraView & { platform?: Record<string, string> | null };

export const loadCamera = async (ctx: Ctx, id: number): Promise<{ ctx: TenantCtx; cam: LoadedCamera }> => {
  requireTenant(ctx);
  await setViewer(ctx.db, ctx.user.id);
  const cam = await findCamera(ctx.db, id);
  if (!cam) throw CameraErrors.notFound();
  // A platform camera carries its owner's platform settings, read in this transaction (camera-platform.cache).
  if (isPlatformProvider(cam.provider))
    return { ctx, cam: { ...cam, platform: await platformSettings(ctx.db, cam.tenantId, cam.provider) } };
  return { ctx, cam };
};

export const isShared = (ctx: TenantCtx, cam: CameraView): boolean => cam.tenantId !== ctx.tenantId;

/** The caller's own camera: a shared one answers view-only (403). */
export const ownCamera = async (ctx: Ctx, id: number): Promise<{ ctx: TenantCtx; cam: LoadedCamera }> => {
  const r = await loadCamera(ctx, id);
  if (isShared(r.ctx, r.cam)) throw CameraErrors.sharedViewOnly();
  return r;
};

/** A camera disabled by its owner cannot be used (spec 02 §6): code wfpe.warn.camera.disable. */
export const requireUsable = (cam: CameraView): void => {
  if (cam.status !== 1) throw CameraErrors.disabled();
};

export const refOf = (cam: LoadedCamera): CameraRef => ({
  tenantId: cam.tenantId,
  cameraId: cam.id,
  provider: cam.provider,
  deviceSerial: cam.deviceSerial,
  channelNo: cam.channelNo,
  config: { ...cam.config, ...(cam.verificationCode ? { verificationCode: cam.verificationCode } : {}) },
  ...(cam.platform !== undefined ? { platform: cam.platform } : {}),
});

export const providerOf = (cam: { provider: string }): CameraProvider => {
  const p = cameraProviders.get(cam.provider);
  if (!p) throw CameraErrors.noProvider({ provider: cam.provider });
  return p;
};

/**
 * Ends the cameras' open streams at once (disabled, deleted, a share ended): a viewer still allowed is
 * admitted anew by its player's retry; the stream route's periodic re-check covers other processes.
 */
export const endStreams = (tenantId: number, cameraIds: readonly number[]): void => {
  for (const p of cameraProviders.values()) for (const id of cameraIds) p.release?.(tenantId, id);
};

/** Runs a provider call; an unreachable camera answers 409 offline, never a 500. */
export const viaProvider = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CameraOfflineError) throw CameraErrors.offline();
    throw err;
  }
};

export const requireCameraAccess = (ctx: Ctx, access: PermissionCode | readonly PermissionCode[]): void => {
  requireTenant(ctx);
  requireAccess(ctx, access);
};

export const publicConfig = (config: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(config).filter(([k]) => !CAMERA_SECRET_KEY.test(k)));
export const secretKeysOf = (config: Record<string, unknown>): string[] =>
  Object.keys(config).filter((k) => CAMERA_SECRET_KEY.test(k));

export const toCamera = (ctx: TenantCtx, r: CameraView): Camera => {
  const shared = r.tenantId !== ctx.tenantId;
  return {
    id: r.id,
    name: r.name,
    deviceSerial: r.deviceSerial,
    cameraType: r.cameraType,
    cameraEnter: r.cameraEnter,
    provider: r.provider,
    channelNo: r.channelNo,
    clarity: r.clarity,
    // Another tenant's bases, plots, gateway and settings are not the receiver's to see.
    areaId: shared ? null : r.areaId,
    areaName: shared ? null : r.areaName,
    cameraAreaId: shared ? null : r.areaId,
    landId: shared ? null : r.landId,
    landName: shared ? null : r.landName,
    latlng: r.latlng,
    online: r.online,
    status: r.status,
    isShare: r.isShare,
    sort: r.sort,
    coverImage: r.coverImage,
    hasVerificationCode: !shared && r.verificationCode !== null,
    concentratorId: shared ? null : r.concentratorId,
    config: shared ? {} : publicConfig(r.config),
    secretKeys: shared ? [] : secretKeysOf(r.config),
    deviceType: 'camera',
    tenantId: r.tenantId,
    relation: shared ? 'share' : 'owner',
    objectVersionNumber: r.objectVersionNumber,
    creationDate: r.creationDate.toISOString(),
  };
};
