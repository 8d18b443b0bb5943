import type { App } from '../platform/http/route.js';
import type { Platform } from '../platform/platform.js';
import { registerAccessRoutes } from './access/access.routes.js';
import { registerMenuRoutes } from './access/menu.routes.js';
import { registerAreaRoutes } from './area/area.routes.js';
import { registerBatchRoutes } from './batch/batch.routes.js';
import { registerCropRoutes } from './crop/crop.routes.js';
import { registerFileRoutes } from './file/file.routes.js';
import { registerIdentityRoutes } from './identity/identity.routes.js';
import { registerLandRoutes } from './land/land.routes.js';
import { registerNoticeRoutes } from './notice/notice.routes.js';
import { registerSeedRoutes } from './seed/seed.routes.js';
import { registerTenantRoutes } from './tenant/tenant.routes.js';

export const registerModules = async (app: App, platform: Platform): Promise<void> => {
  registerIdentityRoutes(app, platform);
  registerAccessRoutes(app, platform);
  registerMenuRoutes(app, platform);
  registerTenantRoutes(app, platform);
  registerAreaRoutes(app, platform);
  registerLandRoutes(app, platform);
  registerBatchRoutes(app, platform);
  registerNoticeRoutes(app, platform);
  registerFileRoutes(app, platform);
  registerCropRoutes(app, platform);
  registerSeedRoutes(app, platform);
};
