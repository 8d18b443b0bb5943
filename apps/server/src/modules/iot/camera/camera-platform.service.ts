import {
  CAMERA_PLATFORM_FIELDS,
  CAMERA_PLATFORMS,
  type CameraPlatform,
  type CameraPlatformName,
} from '@tilth/contracts/camera-platform.types';
import { CommonErrors } from '../../../platform/errors.js';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { checkTarget } from '../camera-media/index.js';
import { CAMERA_ACCESS, requireCameraAccess } from './camera.access.js';
import { CameraErrors } from './camera.errors.js';
import { forgetPlatform } from './camera-platform.cache.js';
import * as repo from './camera-platform.repository.js';

// Platform access (issue 16): each tenant's EZVIZ keys, GB28181 server and China Mobile endpoints. The
// camera manager edits them; the providers read them through camera-platform.cache.ts (dropped on a PUT).

interface Body {
  config: Record<string, string>;
  objectVersionNumber?: number | null;
}

const isSecret = (provider: CameraPlatformName, key: string) =>
  CAMERA_PLATFORM_FIELDS[provider].find((f) => f.key === key)?.secret === true;

const toPlatform = (
  provider: CameraPlatformName,
  row: repo.CameraPlatformRow | undefined,
): CameraPlatform => {
  const config = row?.config ?? {};
  return {
    provider,
    configured: row !== undefined,
    id: row?.id ?? null,
    config: Object.fromEntries(Object.entries(config).filter(([k]) => !isSecret(provider, k))),
    secretKeys: Object.keys(config).filter((k) => isSecret(provider, k) && config[k]),
    objectVersionNumber: row?.objectVersionNumber ?? null,
    lastUpdateDate: row?.lastUpdateDate.toISOString() ?? null,
  };
};

/** The stored settings with the body's applied: a blank or absent secret keeps its value, blank clears others. */
const merged = async (
  provider: CameraPlatformName,
  stored: Record<string, string>,
  asked: Record<string, string>,
): Promise<Record<string, string>> => {
  const fields = CAMERA_PLATFORM_FIELDS[provider];
  for (const key of Object.keys(asked))
    if (!fields.some((f) => f.key === key)) throw CameraErrors.platformUnknownKey({ key });
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = asked[f.key]?.trim() ?? '';
    const value = v || (f.secret ? (stored[f.key] ?? '') : '');
    if (!value) {
      if (f.required) throw CameraErrors.platformRequired({ key: f.key });
      continue;
    }
    if (f.url) {
      try {
        await checkTarget(value);
      } catch {
        throw CameraErrors.platformBadUrl({ key: f.key });
      }
    }
    out[f.key] = value;
  }
  return out;
};

export class CameraPlatformService {
  async list(ctx: Ctx): Promise<CameraPlatform[]> {
    requireCameraAccess(ctx, CAMERA_ACCESS.manager);
    requireTenant(ctx);
    const rows = await repo.listPlatforms(ctx.db, ctx.tenantId);
    return CAMERA_PLATFORMS.map((p) =>
      toPlatform(
        p,
        rows.find((r) => r.provider === p),
      ),
    );
  }

  /** Sets up or changes a platform; the camera manager's edit (the manager page and camera edit). */
  async save(ctx: Ctx, provider: CameraPlatformName, body: Body): Promise<CameraPlatform> {
    requireCameraAccess(ctx, CAMERA_ACCESS.manager);
    requireCameraAccess(ctx, CAMERA_ACCESS.edit);
    requireTenant(ctx);
    const current = await repo.findPlatform(ctx.db, ctx.tenantId, provider);
    const config = await merged(provider, current?.config ?? {}, body.config);
    const version = body.objectVersionNumber ?? undefined;
    let row: repo.CameraPlatformRow | undefined;
    if (current) {
      if (version === undefined) throw CameraErrors.platformVersionRequired();
      if (version !== current.objectVersionNumber) throw CommonErrors.stale();
      row = await repo.updatePlatform(ctx.db, ctx.tenantId, provider, version, ctx.user.id, config);
    } else {
      // Someone set it up meanwhile: the client's view is stale.
      if (version !== undefined) throw CommonErrors.stale();
      row = await repo.insertPlatform(ctx.db, ctx.tenantId, ctx.user.id, provider, config);
    }
    if (!row) throw CommonErrors.stale();
    forgetPlatform(ctx.tenantId, provider);
    return toPlatform(provider, row);
  }
}
