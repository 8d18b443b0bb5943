import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DEVICE_TYPE_ROUTES } from '../modules/equipment/device/deviceRoutes';
import '../modules/equipment/device/map/registerDeviceMapLayer';

// The one route table of the console (ARCHITECTURE §8): it drives titles, access, keep-alive and menu
// groups. Later modules add their pages here. A route the menu lists but that has no entry yet shows the
// 'no related content yet' page inside the shell.

export interface RouteDef {
  /** Absolute path; parameters as ':id'. */
  path: string;
  /** i18n key of the title (document title and tab). */
  title: string;
  /** The page needs a permission: `code`, or the route's view code when no code is given. */
  isAuth: boolean;
  /** Kept alive (state preserved) while its tab stays open. */
  isKeeping: boolean;
  /** Menu group the page belongs to (the view code of its menu group). */
  group: string;
  /** 'root': a page of its own (sign-in, guide); 'shell': inside the console shell of its module. */
  area: 'root' | 'shell';
  /** Reachable without signing in. */
  isPublic?: boolean;
  code?: string;
  page: LazyExoticComponent<ComponentType>;
}

const ControlLogPage = lazy(() =>
  import('../modules/report/equipment-log/ControlLogPage').then((m) => ({ default: m.ControlLogPage })),
);
const OnlineLogPage = lazy(() =>
  import('../modules/report/equipment-log/OnlineLogPage').then((m) => ({ default: m.OnlineLogPage })),
);
const RainfallReportPage = lazy(() =>
  import('../modules/report/weather/RainfallReportPage').then((m) => ({ default: m.RainfallReportPage })),
);
const AriReportPage = lazy(() =>
  import('../modules/report/weather/AriReportPage').then((m) => ({ default: m.AriReportPage })),
);
const LightReportPage = lazy(() =>
  import('../modules/report/weather/LightReportPage').then((m) => ({ default: m.LightReportPage })),
);
const PestDrawPage = lazy(() =>
  import('../modules/equipment/insect/PestDrawPage').then((m) => ({ default: m.PestDrawPage })),
);
const CanvasDrawSignPage = lazy(() =>
  import('../modules/equipment/insect/CanvasDrawSignPage').then((m) => ({ default: m.CanvasDrawSignPage })),
);
const LoginPage = lazy(() =>
  import('../modules/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../modules/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ForgetPasswordPage = lazy(() =>
  import('../modules/auth/pages/ForgetPasswordPage').then((m) => ({ default: m.ForgetPasswordPage })),
);
const HomeEntryPage = lazy(() =>
  import('../modules/home/pages/HomeEntryPage').then((m) => ({ default: m.HomeEntryPage })),
);
const FarmHomePage = lazy(() =>
  import('../modules/farm/pages/FarmHomePage').then((m) => ({ default: m.FarmHomePage })),
);
const FarmMapPage = lazy(() =>
  import('../modules/farm/map/pages/FarmMapPage').then((m) => ({ default: m.FarmMapPage })),
);
const MapDigitalPage = lazy(() =>
  import('../modules/farm/map/pages/MapDigitalPage').then((m) => ({ default: m.MapDigitalPage })),
);
const LandPage = lazy(() =>
  import('../modules/farm/land/pages/LandPage').then((m) => ({ default: m.LandPage })),
);
const UserProfilePage = lazy(() =>
  import('../modules/account/pages/UserProfilePage').then((m) => ({ default: m.UserProfilePage })),
);
const BasePage = lazy(() =>
  import('../modules/farm/base/pages/BasePage').then((m) => ({ default: m.BasePage })),
);
const BatchPage = lazy(() =>
  import('../modules/farm/batch/pages/BatchPage').then((m) => ({ default: m.BatchPage })),
);
const PlanPackagePage = lazy(() =>
  import('../modules/farm/plan/pages/PlanPackagePage').then((m) => ({ default: m.PlanPackagePage })),
);
const PlanPage = lazy(() =>
  import('../modules/farm/plan/pages/PlanPage').then((m) => ({ default: m.PlanPage })),
);
const PlanInfoPage = lazy(() =>
  import('../modules/farm/plan/pages/PlanInfoPage').then((m) => ({ default: m.PlanInfoPage })),
);
const SeedPage = lazy(() =>
  import('../modules/farm/seed/pages/SeedPage').then((m) => ({ default: m.SeedPage })),
);
const SeedPublicPage = lazy(() =>
  import('../modules/seed-public/pages/SeedPublicPage').then((m) => ({ default: m.SeedPublicPage })),
);
const CropPage = lazy(() =>
  import('../modules/system/pages/CropPage').then((m) => ({ default: m.CropPage })),
);
const VarietyPage = lazy(() =>
  import('../modules/system/pages/VarietyPage').then((m) => ({ default: m.VarietyPage })),
);
const TaskTypePage = lazy(() =>
  import('../modules/system/pages/TaskTypePage').then((m) => ({ default: m.TaskTypePage })),
);
const WorkerPage = lazy(() =>
  import('../modules/farm/worker/pages/WorkerPage').then((m) => ({ default: m.WorkerPage })),
);
const ActivityPage = lazy(() =>
  import('../modules/farm/activity/pages/ActivityPage').then((m) => ({ default: m.ActivityPage })),
);
const FarmLogPage = lazy(() =>
  import('../modules/farm/log/pages/FarmLogPage').then((m) => ({ default: m.FarmLogPage })),
);
const MyTaskPage = lazy(() =>
  import('../modules/farm/task/pages/MyTaskPage').then((m) => ({ default: m.MyTaskPage })),
);
const TaskManagePage = lazy(() =>
  import('../modules/farm/task/pages/TaskManagePage').then((m) => ({ default: m.TaskManagePage })),
);
const AgriInputListPage = lazy(() =>
  import('../modules/farm/agricultural/pages/InputListPage').then((m) => ({ default: m.InputListPage })),
);
const AgriInputFormPage = lazy(() =>
  import('../modules/farm/agricultural/pages/InputFormPage').then((m) => ({ default: m.InputFormPage })),
);
const AgriStockListPage = lazy(() =>
  import('../modules/farm/agricultural/pages/StockListPage').then((m) => ({ default: m.StockListPage })),
);
const AgriStockRecordPage = lazy(() =>
  import('../modules/farm/agricultural/pages/StockRecordPage').then((m) => ({ default: m.StockRecordPage })),
);
const AgriWarehousingListPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocListPage').then((m) => ({ default: m.WarehousingListPage })),
);
const AgriShipmentListPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocListPage').then((m) => ({ default: m.ShipmentListPage })),
);
const AgriWarehousingFormPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocFormPage').then((m) => ({ default: m.WarehousingFormPage })),
);
const AgriShipmentFormPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocFormPage').then((m) => ({ default: m.ShipmentFormPage })),
);
const AgriWarehousingInfoPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocInfoPage').then((m) => ({ default: m.WarehousingInfoPage })),
);
const AgriShipmentInfoPage = lazy(() =>
  import('../modules/farm/agricultural/pages/DocInfoPage').then((m) => ({ default: m.ShipmentInfoPage })),
);
const DeviceTypePage = lazy(() =>
  import('../modules/equipment/device/pages/DeviceTypePage').then((m) => ({ default: m.DeviceTypePage })),
);
const DeviceManagerPage = lazy(() =>
  import('../modules/system/device/DeviceManagerPage').then((m) => ({ default: m.DeviceManagerPage })),
);
const SimPage = lazy(() => import('../modules/system/sim/SimPage').then((m) => ({ default: m.SimPage })));
const SimInfoPage = lazy(() =>
  import('../modules/system/sim/SimInfoPage').then((m) => ({ default: m.SimInfoPage })),
);
const WarningManagePage = lazy(() =>
  import('../modules/equipment/alarm/WarningManagePage').then((m) => ({ default: m.WarningManagePage })),
);
const WarningStaffPage = lazy(() =>
  import('../modules/equipment/alarm/WarningStaffPage').then((m) => ({ default: m.WarningStaffPage })),
);
const MachineryGpsPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryGpsPage').then((m) => ({ default: m.MachineryGpsPage })),
);
const MachineryStatusPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryStatusPage').then((m) => ({
    default: m.MachineryStatusPage,
  })),
);
const MachineryAlarmPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryAlarmPage').then((m) => ({
    default: m.MachineryAlarmPage,
  })),
);
const MachineryMonitoringPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryMonitoringPage').then((m) => ({
    default: m.MachineryMonitoringPage,
  })),
);
const MachineryHistoryPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryHistoryPage').then((m) => ({
    default: m.MachineryHistoryPage,
  })),
);
const MachineryFencePage = lazy(() =>
  import('../modules/equipment/machinery/MachineryFencePage').then((m) => ({
    default: m.MachineryFencePage,
  })),
);
const MachineryInfoPage = lazy(() =>
  import('../modules/equipment/machinery/MachineryInfoPage').then((m) => ({ default: m.MachineryInfoPage })),
);
const StrategyPage = lazy(() =>
  import('../modules/equipment/automation/StrategyPage').then((m) => ({ default: m.StrategyPage })),
);
const ControlGroupPage = lazy(() =>
  import('../modules/equipment/automation/GroupPage').then((m) => ({ default: m.ControlGroupPage })),
);
const DeviceGroupPage = lazy(() =>
  import('../modules/equipment/automation/GroupPage').then((m) => ({ default: m.DeviceGroupPage })),
);
export const NotFoundPage = lazy(() =>
  import('../modules/common/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export const ROUTES: readonly RouteDef[] = [
  // Every device type page of the registry (one generic page) and the system device pages (issue 5).
  ...DEVICE_TYPE_ROUTES.map(
    ([path, typeKey, code]): RouteDef => ({
      path,
      title: `common:route.device.${typeKey}`,
      isAuth: true,
      isKeeping: true,
      group: 'wfpf.farm.equipment',
      area: 'shell',
      ...(code ? { code } : {}),
      page: DeviceTypePage,
    }),
  ),
  // Farm machinery views of the farm-machine type (spec 01 §2.3).
  {
    path: '/web/equipment/farmmachinery-gps',
    title: 'common:route.machineryGps',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-gps',
    page: MachineryGpsPage,
  },
  {
    path: '/web/equipment/farmmachinery-status',
    title: 'common:route.machineryStatus',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-status',
    page: MachineryStatusPage,
  },
  {
    path: '/web/equipment/farmmachinery-alarm',
    title: 'common:route.machineryAlarm',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-alarm',
    page: MachineryAlarmPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring',
    title: 'common:route.machineryMonitoring',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryMonitoringPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/history/:id',
    title: 'common:route.machineryHistory',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryHistoryPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/fence',
    title: 'common:route.machineryFence',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryFencePage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/info/:id',
    title: 'common:route.machineryInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryInfoPage,
  },
  // Alarms and intelligent control (issue 5).
  {
    path: '/web/equipment/warning-manage',
    title: 'common:route.warningManage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.warning-manage',
    page: WarningManagePage,
  },
  {
    path: '/web/equipment/warning-staff',
    title: 'common:route.warningStaff',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.warning-staff',
    page: WarningStaffPage,
  },
  {
    path: '/web/equipment/intelligentControl/index',
    title: 'common:route.intelligentControl',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-index',
    page: StrategyPage,
  },
  {
    path: '/web/equipment/intelligentControl/group',
    title: 'common:route.controlGroup',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-group',
    page: ControlGroupPage,
  },
  {
    path: '/web/equipment/intelligentControl/device-group',
    title: 'common:route.deviceGroup',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-device-group',
    page: DeviceGroupPage,
  },
  {
    path: '/system/deviceManager',
    title: 'common:route.systemDeviceManager',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: DeviceManagerPage,
  },
  {
    path: '/system/sim-manage',
    title: 'common:route.systemSimManage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: SimPage,
  },
  {
    path: '/system/sim-manage/info/:id',
    title: 'common:route.systemSimManageInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.sim-manage',
    page: SimInfoPage,
  },
  {
    path: '/login',
    title: 'common:route.login',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: LoginPage,
  },
  {
    path: '/register',
    title: 'common:route.register',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: RegisterPage,
  },
  {
    path: '/forgetPassword',
    title: 'common:route.forgetPassword',
    isAuth: false,
    isKeeping: false,
    group: 'auth',
    area: 'root',
    isPublic: true,
    page: ForgetPasswordPage,
  },
  {
    path: '/home',
    title: 'common:route.home',
    isAuth: false,
    isKeeping: false,
    group: 'home',
    area: 'root',
    page: HomeEntryPage,
  },
  {
    path: '/web/farm/home',
    title: 'common:route.farmHome',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: FarmHomePage,
  },
  {
    path: '/web/farm/log',
    title: 'common:route.farmLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.log',
    page: FarmLogPage,
  },
  {
    // My tasks and task management are not kept alive (spec 01 §2.2).
    path: '/web/farm/task',
    title: 'common:route.farmTask',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.task',
    page: MyTaskPage,
  },
  {
    path: '/web/farm/taskManger',
    title: 'common:route.farmTaskManger',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.taskManger',
    page: TaskManagePage,
  },
  {
    path: '/web/farm/map',
    title: 'common:route.farmMap',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: FarmMapPage,
  },
  {
    path: '/web/farm/map-digital',
    title: 'common:route.farmMapDigital',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: MapDigitalPage,
  },
  {
    path: '/web/farm/land',
    title: 'common:route.farmLand',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: LandPage,
  },
  {
    path: '/seed',
    title: 'common:route.seedPublic',
    isAuth: false,
    isKeeping: false,
    group: 'seed',
    area: 'root',
    isPublic: true,
    page: SeedPublicPage,
  },
  {
    path: '/web/farm/base',
    title: 'common:route.farmBase',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: BasePage,
  },
  {
    path: '/system/basemanage',
    title: 'common:route.systemBasemanage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: BasePage,
  },
  {
    path: '/web/farm/planPackage',
    title: 'common:route.farmPlanPackage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: PlanPackagePage,
  },
  {
    path: '/web/farm/plan',
    title: 'common:route.farmPlan',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: PlanPage,
  },
  {
    path: '/web/farm/plan/info/:id',
    title: 'common:route.farmPlanInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.plan',
    page: PlanInfoPage,
  },
  {
    path: '/web/farm/batch',
    title: 'common:route.farmBatch',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: BatchPage,
  },
  {
    path: '/web/farm/seed',
    title: 'common:route.farmSeed',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: SeedPage,
  },
  {
    path: '/web/user',
    title: 'common:route.user',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.user',
    area: 'shell',
    page: UserProfilePage,
  },
  {
    path: '/web/farm/worker',
    title: 'common:route.farmWorker',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: WorkerPage,
  },
  {
    path: '/web/farm/activity',
    title: 'common:route.farmActivity',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: ActivityPage,
  },
  {
    path: '/system/crop',
    title: 'common:route.systemCrop',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: CropPage,
  },
  {
    path: '/system/varieties',
    title: 'common:route.systemVarieties',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: VarietyPage,
  },
  {
    path: '/system/taskType',
    title: 'common:route.systemTaskType',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: TaskTypePage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage',
    title: 'common:route.agriManage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-manage',
    page: AgriInputListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage/add',
    title: 'common:route.agriManageAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.create',
    page: AgriInputFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage/edit/:id',
    title: 'common:route.agriManageEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.edit',
    page: AgriInputFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-inventory',
    title: 'common:route.agriInventory',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-inventory',
    page: AgriStockListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-inventory/record/:id',
    title: 'common:route.agriInventoryRecord',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-inventory',
    page: AgriStockRecordPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing',
    title: 'common:route.agriWarehousing',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-warehousing',
    page: AgriWarehousingListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/add',
    title: 'common:route.agriWarehousingAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.inbound',
    page: AgriWarehousingFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/edit/:id',
    title: 'common:route.agriWarehousingEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.inbound',
    page: AgriWarehousingFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/info/:id',
    title: 'common:route.agriWarehousingInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-warehousing',
    page: AgriWarehousingInfoPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment',
    title: 'common:route.agriShipment',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-shipment',
    page: AgriShipmentListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/add',
    title: 'common:route.agriShipmentAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.outbound',
    page: AgriShipmentFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/edit/:id',
    title: 'common:route.agriShipmentEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.outbound',
    page: AgriShipmentFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/info/:id',
    title: 'common:route.agriShipmentInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-shipment',
    page: AgriShipmentInfoPage,
  },
  {
    path: '/web/report/equipmentLog/controlLog',
    title: 'common:route.reportControlLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.equipmentLog-controlLog',
    page: ControlLogPage,
  },
  {
    path: '/web/report/equipmentLog/onlineLog',
    title: 'common:route.reportOnlineLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.equipmentLog-onlineLog',
    page: OnlineLogPage,
  },
  // Weather reports and pest drawing (issue 5).
  {
    path: '/web/report/rainfall-report',
    title: 'common:route.reportRainfall',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.rainfall-report',
    page: RainfallReportPage,
  },
  {
    path: '/web/report/ari-report',
    title: 'common:route.reportAri',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.ari-report',
    page: AriReportPage,
  },
  {
    path: '/web/report/light-report',
    title: 'common:route.reportLight',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.light-report',
    page: LightReportPage,
  },
  {
    path: '/web/equipment/pest/draw/:id',
    title: 'common:route.pestDraw',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.pest',
    page: PestDrawPage,
  },
  {
    path: '/web/equipment/canvas-drawSign',
    title: 'common:route.canvasDrawSign',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.canvas-drawSign',
    page: CanvasDrawSignPage,
  },
];

export const ROOT_ROUTES = ROUTES.filter((r) => r.area === 'root');
export const SHELL_ROUTES = ROUTES.filter((r) => r.area === 'shell');
