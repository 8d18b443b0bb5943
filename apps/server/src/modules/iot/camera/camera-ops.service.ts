import {
  type CameraLive,
  type CameraPreset,
  PLAYBACK_RANGE_MAX_HOURS,
  type PlaybackBody,
  PRESET_INDEX_MAX,
  type PresetBody,
  type Recordings,
} from '@tilth/contracts/camera.types';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import type { PtzDirection, StreamViewer } from '../camera-media/index.js';
import { CameraOfflineError, PresetMissingError } from '../camera-media/index.js';
import {
  CAMERA_ACCESS,
  loadCamera,
  ownCamera,
  providerOf,
  refOf,
  requireCameraAccess,
  requireUsable,
  viaProvider,
} from './camera.access.js';
import { CameraErrors } from './camera.errors.js';
import * as repo from './camera.repository.js';
import { storeStill } from './camera.still.js';

// What goes through a camera's provider: live and playback URLs, pan-tilt-zoom, presets and stills.

const toPreset = (r: repo.PresetRow): CameraPreset => ({
  id: r.id,
  cameraId: r.cameraId,
  index: r.presetIndex,
  name: r.name,
  creationDate: r.creationDate.toISOString(),
});

const rangeOf = (from: string, to: string) => {
  const range = { from: new Date(from), to: new Date(to) };
  const span = range.to.getTime() - range.from.getTime();
  if (span <= 0 || span > PLAYBACK_RANGE_MAX_HOURS * 3_600_000) {
    throw CameraErrors.rangeOrder({ hours: PLAYBACK_RANGE_MAX_HOURS });
  }
  return range;
};

const viewerOf = (ctx: Ctx): StreamViewer | undefined =>
  ctx.user
    ? {
        userId: ctx.user.id,
        sessionId: ctx.user.sessionId,
        ...(ctx.tenantId !== null ? { tenantId: ctx.tenantId } : {}),
      }
    : undefined;

export class CameraOpsService {
  constructor(private readonly platform: Platform) {}

  /** POST camera/live: signed, short-lived URLs (shared cameras too: watching is what a share allows). */
  async live(ctx: Ctx, cameraId: number): Promise<CameraLive> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { cam } = await loadCamera(ctx, cameraId);
    requireUsable(cam);
    const p = providerOf(cam);
    const ref = refOf(cam);
    // Bound to the caller's session: signing out or losing access ends the video too.
    const viewer = viewerOf(ctx);
    const [sd, hd] = await viaProvider(() =>
      Promise.all([p.live(ref, 'sd', viewer), p.live(ref, 'hd', viewer)]),
    );
    return {
      url: sd.url,
      hdUrl: hd.url,
      clarity: cam.clarity,
      // The platform's token for its player (EZVIZ, cameraEnter 1 / 2); ours need none.
      accessToken: hd.accessToken ?? sd.accessToken ?? null,
      deviceSerial: cam.deviceSerial,
      cameraName: cam.name,
      kind: sd.kind,
      expiresIn: Math.min(sd.expiresIn, hd.expiresIn),
    };
  }

  async recordings(ctx: Ctx, id: number, from: string, to: string): Promise<Recordings> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { cam } = await loadCamera(ctx, id);
    requireUsable(cam);
    const spans = await viaProvider(() => providerOf(cam).recordings(refOf(cam), rangeOf(from, to)));
    return {
      cameraId: cam.id,
      spans: spans.map((s) => ({ from: s.from.toISOString(), to: s.to.toISOString() })),
    };
  }

  async playback(ctx: Ctx, id: number, b: PlaybackBody) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { cam } = await loadCamera(ctx, id);
    requireUsable(cam);
    const src = await viaProvider(() =>
      providerOf(cam).playback(refOf(cam), rangeOf(b.from, b.to), b.speed, viewerOf(ctx)),
    );
    return { url: src.url, kind: src.kind, expiresIn: src.expiresIn, speed: b.speed };
  }

  /** POST camera/{id} (direction): 1 when the camera took it, 0 when it could not be reached. */
  async control(ctx: Ctx, id: number, direction: number, speed?: number): Promise<0 | 1> {
    requireCameraAccess(ctx, CAMERA_ACCESS.control);
    const { cam } = await ownCamera(ctx, id);
    requireUsable(cam);
    const p = providerOf(cam);
    try {
      await p.ptz(refOf(cam), direction as PtzDirection, speed);
      return 1;
    } catch (err) {
      if (err instanceof CameraOfflineError) return 0;
      throw err;
    }
  }

  // ---- Presets ----

  async presets(ctx: Ctx, cameraId: number): Promise<CameraPreset[]> {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { ctx: t, cam } = await ownCamera(ctx, cameraId);
    return (await repo.listPresets(t.db, t.tenantId, cam.id)).map(toPreset);
  }

  /** POST camera/preset: stores the current view at index (the next free one when omitted). */
  async savePreset(ctx: Ctx, b: PresetBody): Promise<CameraPreset> {
    requireCameraAccess(ctx, CAMERA_ACCESS.control);
    const { ctx: t, cam } = await ownCamera(ctx, b.cameraId);
    requireUsable(cam);
    let index = b.index;
    if (index === undefined) {
      const used = new Set((await repo.listPresets(t.db, t.tenantId, cam.id)).map((p) => p.presetIndex));
      index = Array.from({ length: PRESET_INDEX_MAX }, (_, i) => i + 1).find((i) => !used.has(i));
      if (index === undefined) throw CameraErrors.presetsFull();
    }
    const p = providerOf(cam);
    const ref = refOf(cam);
    const wanted = index;
    // A platform that picks the index itself (EZVIZ) answers the one it used.
    const at = await viaProvider(async () =>
      p.presetAdd && b.index === undefined
        ? p.presetAdd(ref, b.name)
        : p.presetSet(ref, wanted, b.name).then(() => wanted),
    );
    return toPreset(await repo.upsertPreset(t.db, t.tenantId, t.user.id, cam.id, at, b.name));
  }

  private async preset(ctx: Ctx, presetId: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.control);
    const t = ctx as TenantCtx;
    const row = await repo.findPreset(t.db, t.tenantId, presetId);
    if (!row) throw CameraErrors.presetNotFound();
    const { ctx: tc, cam } = await ownCamera(ctx, row.cameraId);
    return { t: tc, cam, row };
  }

  /** POST camera/preset/{id}/transfer: turns the camera to the preset. */
  async goToPreset(ctx: Ctx, presetId: number): Promise<CameraPreset> {
    const { cam, row } = await this.preset(ctx, presetId);
    requireUsable(cam);
    try {
      await viaProvider(() => providerOf(cam).presetGo(refOf(cam), row.presetIndex));
    } catch (err) {
      if (err instanceof PresetMissingError) throw CameraErrors.presetLost();
      throw err;
    }
    return toPreset(row);
  }

  async deletePreset(ctx: Ctx, presetId: number): Promise<{ success: boolean }> {
    const { t, cam, row } = await this.preset(ctx, presetId);
    // The camera may be offline or disabled: our list still drops it; the provider forgets it when reachable.
    try {
      await providerOf(cam).presetDelete(refOf(cam), row.presetIndex);
    } catch (err) {
      if (!(err instanceof CameraOfflineError)) throw err;
    }
    await repo.deletePreset(t.db, t.tenantId, row.id);
    return { success: true };
  }

  /** POST camera/img/{id}/capture: a still now, stored as a tenant file (→ fileUrl for the camera log). */
  async capture(ctx: Ctx, id: number) {
    requireCameraAccess(ctx, CAMERA_ACCESS.view);
    const { ctx: t, cam } = await ownCamera(ctx, id);
    requireUsable(cam);
    const still = await viaProvider(() => providerOf(cam).capture(refOf(cam)));
    const stored = await storeStill(t.db, this.platform.storage, t.tenantId, t.user.id, cam, still);
    return {
      fileId: stored.fileId,
      fileUrl: stored.fileUrl,
      takenAt: stored.takenAt.toISOString(),
      cameraId: cam.id,
    };
  }
}
