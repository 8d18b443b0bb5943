import {
  cameraPlatform,
  cameraPlatformList,
  cameraPlatformParam,
  cameraPlatformUpdateBody,
} from '@tilth/contracts/camera-platform.types';
import { tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CAMERA_ACCESS } from './camera.access.js';
import { CameraPlatformService } from './camera-platform.service.js';

// Platform access of the camera manager (issue 16): per-tenant settings of the camera platforms.

const BASE = '/wfpe/v1/:tenantId/camera/platform';

export const registerCameraPlatformRoutes = (app: App, platform: Platform): void => {
  const platforms = new CameraPlatformService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: CAMERA_ACCESS.manager,
    summary: 'The camera platforms (ezviz, gb28181, cmcc) and their settings; secrets are never answered',
    schema: { params: tenantParam, response: { 200: cameraPlatformList } },
    handler: (ctx) => platforms.list(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:provider`,
    access: CAMERA_ACCESS.edit,
    summary:
      "Sets up or changes a platform's settings (the camera manager's edit; a secret left out or blank is kept; objectVersionNumber once set up)",
    schema: {
      params: cameraPlatformParam,
      body: cameraPlatformUpdateBody,
      response: { 200: cameraPlatform },
    },
    handler: (ctx, req) => platforms.save(ctx, req.params.provider, req.body),
  });
};
