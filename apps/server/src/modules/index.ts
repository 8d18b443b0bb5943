import type { App } from '../platform/http/route.js';
import { registerEmqxHookRoutes } from '../platform/iot/emqx-hooks.js';
import type { Platform } from '../platform/platform.js';
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
import { registerIdentityRoutes } from './identity/identity/identity.routes.js';
import { registerOrganizationRoutes } from './identity/organization/organization.routes.js';
import { registerTenantRoutes } from './identity/tenant/tenant.routes.js';
import { registerAeratorRoutes } from './iot/aerator/aerator.routes.js';
import { registerAlarmRoutes } from './iot/alarm/alarm.routes.js';
import { registerAutomationRoutes } from './iot/automation/automation.routes.js';
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
  registerOrganizationRoutes(app, platform);
  registerAreaRoutes(app, platform);
  registerLandRoutes(app, platform);
  registerMapRoutes(app, platform);
  registerBatchRoutes(app, platform);
  registerAgriculturalRoutes(app, platform);
  registerNoticeRoutes(app, platform);
  registerFileRoutes(app, platform);
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
  registerTelemetryRoutes(app, platform);
  registerControlRoutes(app, platform);
  registerAeratorRoutes(app, platform);
  registerEmqxHookRoutes(app, platform);
};
