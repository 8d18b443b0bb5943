import type { App } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { registerBannerRoutes } from './banner.routes.js';
import { registerPictureRoutes } from './picture.routes.js';
import { registerVideoRoutes } from './video.routes.js';

// Every route of company media (issue 19 item 4): pictures, banners (and their public call), promo videos.
export const registerMediaRoutes = (app: App, platform: Platform): void => {
  registerPictureRoutes(app, platform);
  registerBannerRoutes(app, platform);
  registerVideoRoutes(app, platform);
};
