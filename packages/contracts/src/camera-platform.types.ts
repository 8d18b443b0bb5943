import { z } from 'zod';
import { objectVersionNumber, tenantParam, updateBodyOf } from './common.types.js';

// Per-tenant access to the camera platforms (issue 16, Deliver 1): the EZVIZ open platform (cameraEnter 1
// and 2), a GB28181 server such as wvp-GB28181-pro (3) and China Mobile's embedded player (4). Secrets
// (keys matching CAMERA_SECRET_KEY) are stored and never answered; a PUT that leaves one out keeps it.

export const CAMERA_PLATFORMS = ['ezviz', 'gb28181', 'cmcc'] as const;
export type CameraPlatformName = (typeof CAMERA_PLATFORMS)[number];

/** The settings each platform takes; the console draws its form from this list. */
export const CAMERA_PLATFORM_FIELDS: Record<
  CameraPlatformName,
  readonly { key: string; secret: boolean; required: boolean; url?: boolean }[]
> = {
  ezviz: [
    { key: 'baseUrl', secret: false, required: false, url: true },
    { key: 'appKey', secret: true, required: true },
    { key: 'appSecret', secret: true, required: true },
  ],
  gb28181: [
    { key: 'baseUrl', secret: false, required: true, url: true },
    { key: 'username', secret: false, required: true },
    { key: 'password', secret: true, required: true },
  ],
  cmcc: [
    { key: 'liveUrl', secret: false, required: true, url: true },
    { key: 'statusUrl', secret: false, required: false, url: true },
    { key: 'token', secret: true, required: false },
  ],
};

export const CAMERA_PLATFORM_VALUE_MAX = 500;

export const cameraPlatformParam = tenantParam.extend({ provider: z.enum(CAMERA_PLATFORMS) });

/** GET /wfpe/v1/{t}/camera/platform: one entry per platform, configured or not. */
export const cameraPlatform = z.object({
  provider: z.enum(CAMERA_PLATFORMS),
  configured: z.boolean(),
  id: z.number().int().nullable(),
  /** The settings that are not secret. */
  config: z.record(z.string(), z.string()),
  /** Which secrets are set (their values are never answered). */
  secretKeys: z.array(z.string()),
  objectVersionNumber: z.number().int().nullable(),
  lastUpdateDate: z.string().nullable(),
});
export type CameraPlatform = z.infer<typeof cameraPlatform>;
export const cameraPlatformList = z.array(cameraPlatform);

const cameraPlatformWrite = z.strictObject({
  /** Settings by key; a secret left out or blank keeps its stored value. */
  config: z
    .record(z.string().max(40), z.string().max(CAMERA_PLATFORM_VALUE_MAX))
    .refine((o) => Object.keys(o).length <= 20, { error: 'at most 20 settings' }),
  /** Required when the platform is configured already (its version); absent or null when it is not. */
  objectVersionNumber: objectVersionNumber.nullish(),
});

/** PUT /wfpe/v1/{t}/camera/platform/{provider}. */
export const cameraPlatformUpdateBody = updateBodyOf(cameraPlatformWrite, cameraPlatform);
export type CameraPlatformUpdateBody = z.input<typeof cameraPlatformUpdateBody>;
