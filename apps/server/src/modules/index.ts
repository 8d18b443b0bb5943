import type { App } from '../platform/http/route.js';
import { registerEmqxHookRoutes } from '../platform/iot/emqx-hooks.js';
import type { Platform } from '../platform/platform.js';
import { registerFactorRoutes } from './carbon/factor/factor.routes.js';
import { registerFootprintRoutes } from './carbon/footprint/footprint.routes.js';
import { registerArticleRoutes } from './content/article/article.routes.js';
import { registerIdentifyRoutes } from './content/identify/index.js';
import { registerInquiryRoutes } from './content/inquiry/inquiry.routes.js';
import { registerMediaRoutes } from './content/media/media.routes.js';
import { registerNewsRoutes } from './content/news/index.js';
import { registerActivityRoutes } from './farm/activity/activity.routes.js';
import { registerAgriculturalRoutes } from './farm/agricultural/agricultural.routes.js';
import { registerAreaRoutes } from './farm/area/area.routes.js';
import { registerBatchRoutes } from './farm/batch/batch.routes.js';
import { registerCropRoutes } from './farm/crop/crop.routes.js';
import { registerFarmHomeRoutes } from './farm/farm-home/farm-home.routes.js';
import { registerFarmLogRoutes } from './farm/farm-log/farm-log.routes.js';
import { registerLandRoutes } from './farm/land/land.routes.js';
import { registerMapRoutes } from './farm/map/map.routes.js';
import { registerMarketRoutes } from './farm/market/market.routes.js';
import { registerPlanRoutes } from './farm/plan/plan.routes.js';
import { registerSeedRoutes } from './farm/seed/seed.routes.js';
import { registerTaskRoutes } from './farm/task/task.routes.js';
import type { WeatherProvider } from './farm/weather/weather.provider.js';
import { registerWeatherRoutes } from './farm/weather/weather.routes.js';
import { registerWorkerRoutes } from './farm/worker/worker.routes.js';
import { registerAccessRoutes } from './identity/access/access.routes.js';
import { registerMenuRoutes } from './identity/access/menu.routes.js';
import { registerApplicationRoutes } from './identity/application/application.routes.js';
import { registerAuditRoutes } from './identity/audit/audit.routes.js';
import { registerIdentityRoutes } from './identity/identity/identity.routes.js';
import { registerOrganizationRoutes } from './identity/organization/organization.routes.js';
import { registerPlatformRoutes } from './identity/tenant/platform.routes.js';
import { registerTenantRoutes } from './identity/tenant/tenant.routes.js';
import { registerInvBusinessRoutes } from './inventory/business/business.routes.js';
import { registerInventoryDocumentRoutes } from './inventory/document/document.routes.js';
import { registerInvBillRoutes } from './inventory/numbering/numbering.routes.js';
import { registerInvOptionRoutes } from './inventory/option/option.routes.js';
import { registerInvProductRoutes } from './inventory/product/product.routes.js';
import { registerInvReportRoutes } from './inventory/report/report.routes.js';
import { registerInvShopRoutes } from './inventory/shop/shop.routes.js';
import { registerInvStandardRoutes } from './inventory/standard/standard.routes.js';
import { registerInvStoreRoutes } from './inventory/store/store.routes.js';
import { registerInvUnitRoutes } from './inventory/unit/unit.routes.js';
import { registerAeratorRoutes } from './iot/aerator/aerator.routes.js';
import { registerAlarmRoutes } from './iot/alarm/alarm.routes.js';
import { registerAutomationRoutes } from './iot/automation/automation.routes.js';
import { registerCameraRoutes } from './iot/camera/camera.routes.js';
import { cameraStreamAllowed, platformConfigOf, registerCameraProvider } from './iot/camera/index.js';
import {
  createCmccProvider,
  createDemoProvider,
  createEzvizProvider,
  createGb28181Provider,
  createRtspProvider,
  mediaHubOf,
  registerCameraStreamRoutes,
} from './iot/camera-media/index.js';
import { registerControlRoutes } from './iot/control/control.routes.js';
import { registerDeviceRoutes } from './iot/device/device.routes.js';
import { registerFamilyPathRoutes } from './iot/device/device-family-paths.routes.js';
import { registerDeviceFamilyRoutes } from './iot/device-family/device-family.routes.js';
import { registerGatewayOpsRoutes } from './iot/device-family/gateway-ops.routes.js';
import { registerInverterOpsRoutes } from './iot/device-family/inverter-ops.routes.js';
import { registerRoboticArmRoutes } from './iot/device-family/robotic-arm.routes.js';
import { registerSettingRoutes } from './iot/device-family/settings.routes.js';
import { registerInsectRoutes } from './iot/insect/insect.routes.js';
import { registerReportRoutes } from './iot/report/report.routes.js';
import { registerSimRoutes } from './iot/sim/sim.routes.js';
import { registerTelemetryRoutes } from './iot/telemetry/telemetry.routes.js';
import { registerFileRoutes } from './messaging/file/file.routes.js';
import { registerNoticeRoutes } from './messaging/notice/notice.routes.js';
import { registerPushRoutes } from './messaging/push/push.routes.js';
import { registerTraceCatalogRoutes } from './trace/catalog/catalog.routes.js';
import { registerPublishRoutes } from './trace/catalog/index.js';
import { registerChainRoutes } from './trace/chain/index.js';
import { registerTraceCodeRoutes } from './trace/code/code.routes.js';
import { traceCodeCounts } from './trace/code/index.js';
import { registerTracePublicRoutes } from './trace/public/public.routes.js';
import { registerPanoramaRoutes } from './vr/panorama/panorama.routes.js';
import { registerTourRoutes } from './vr/tour/tour.routes.js';
import { registerBindingRoutes } from './workflow/approval/binding.routes.js';
import { registerDefinitionRoutes } from './workflow/approval/definition.routes.js';
import { registerPeopleRoutes } from './workflow/approval/people.routes.js';
import { registerApprovalTaskRoutes } from './workflow/approval/task.routes.js';

/** What the composition root may hand routes beyond Platform (app/server.ts; tests inject a fake). */
export interface ModuleDeps {
  /** Replaces the TILTH_WEATHER_PROVIDER one. */
  weather?: WeatherProvider | undefined;
}

/** Every module's routes, in registration order (the composition root calls this; platform does not). */
export const registerModules = (app: App, platform: Platform, deps: ModuleDeps = {}): void => {
  registerIdentityRoutes(app, platform);
  registerAccessRoutes(app, platform);
  registerMenuRoutes(app, platform);
  registerTenantRoutes(app, platform);
  registerPlatformRoutes(app, platform);
  registerAuditRoutes(app, platform);
  registerOrganizationRoutes(app, platform);
  registerApplicationRoutes(app, platform);
  registerAreaRoutes(app, platform);
  registerLandRoutes(app, platform);
  registerMapRoutes(app, platform);
  registerBatchRoutes(app, platform);
  registerAgriculturalRoutes(app, platform);
  registerInvUnitRoutes(app, platform);
  registerInvBillRoutes(app, platform);
  registerInvStandardRoutes(app, platform);
  registerInvStoreRoutes(app, platform);
  registerInvShopRoutes(app, platform);
  registerInvBusinessRoutes(app, platform);
  registerInvOptionRoutes(app, platform);
  registerInventoryDocumentRoutes(app, platform);
  registerInvReportRoutes(app, platform);
  registerInvProductRoutes(app, platform);
  registerNoticeRoutes(app, platform);
  registerPushRoutes(app, platform);
  registerDefinitionRoutes(app, platform);
  registerApprovalTaskRoutes(app, platform);
  registerFileRoutes(app, platform);
  registerBindingRoutes(app, platform);
  registerPeopleRoutes(app, platform);
  registerCropRoutes(app, platform);
  registerSeedRoutes(app, platform);
  registerTaskRoutes(app, platform);
  registerPlanRoutes(app, platform);
  registerFarmLogRoutes(app, platform);
  registerFarmHomeRoutes(app, platform);
  registerWeatherRoutes(app, platform, deps.weather);
  registerMarketRoutes(app, platform);
  registerWorkerRoutes(app, platform);
  registerActivityRoutes(app, platform);
  registerAlarmRoutes(app, platform);
  registerAutomationRoutes(app, platform);
  registerDeviceRoutes(app, platform);
  registerFamilyPathRoutes(app, platform);
  registerDeviceFamilyRoutes(app, platform);
  registerSettingRoutes(app, platform);
  registerGatewayOpsRoutes(app, platform);
  registerInverterOpsRoutes(app, platform);
  registerRoboticArmRoutes(app, platform);
  registerSimRoutes(app, platform);
  registerReportRoutes(app, platform);
  registerInsectRoutes(app, platform);
  registerCameraRoutes(app, platform);
  // The demo camera is built in (issue 16): its streams come from this process's media hub.
  registerCameraProvider(createDemoProvider(mediaHubOf(platform)));
  // RTSP / ONVIF cameras on the farm's network: pulled by ffmpeg into the same hub (docs/cameras.md).
  registerCameraProvider(createRtspProvider(mediaHubOf(platform)));
  // The cloud and GB28181 platforms, each tenant with its own settings (camera/platform).
  const cameraPlatforms = platformConfigOf(platform.database);
  registerCameraProvider(createEzvizProvider(cameraPlatforms));
  registerCameraProvider(createGb28181Provider(cameraPlatforms));
  registerCameraProvider(createCmccProvider(cameraPlatforms));
  registerCameraStreamRoutes(app, platform, { stillAllowed: cameraStreamAllowed(platform) });
  registerTelemetryRoutes(app, platform);
  registerControlRoutes(app, platform);
  registerAeratorRoutes(app, platform);
  registerEmqxHookRoutes(app, platform);
  registerPanoramaRoutes(app, platform);
  registerTourRoutes(app, platform);
  registerArticleRoutes(app, platform);
  registerMediaRoutes(app, platform);
  registerChainRoutes(app, platform);
  registerTraceCatalogRoutes(app, platform, traceCodeCounts);
  registerPublishRoutes(app, platform);
  registerTracePublicRoutes(app, platform);
  registerTraceCodeRoutes(app, platform);
  registerFactorRoutes(app, platform);
  registerFootprintRoutes(app, platform);
  registerIdentifyRoutes(app, platform);
  registerInquiryRoutes(app, platform);
  registerNewsRoutes(app, platform);
};
