import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { DEVICE_TYPE_ROUTES } from './device/deviceRoutes';
// This table is the domain's entry (app/routes.ts loads it at start): it puts the devices on the farm map
// before any map page draws.
import './device/map/registerDeviceMapLayer';

// The pages of the equipment domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'equipment' locale namespace.

const DeviceTypePage = lazyPage(() => import('./device/pages/DeviceTypePage'), 'DeviceTypePage');
const MachineryGpsPage = lazyPage(() => import('./machinery/MachineryGpsPage'), 'MachineryGpsPage');
const MachineryStatusPage = lazyPage(() => import('./machinery/MachineryStatusPage'), 'MachineryStatusPage');
const MachineryAlarmPage = lazyPage(() => import('./machinery/MachineryAlarmPage'), 'MachineryAlarmPage');
const MachineryMonitoringPage = lazyPage(
  () => import('./machinery/MachineryMonitoringPage'),
  'MachineryMonitoringPage',
);
const MachineryHistoryPage = lazyPage(
  () => import('./machinery/MachineryHistoryPage'),
  'MachineryHistoryPage',
);
const MachineryFencePage = lazyPage(() => import('./machinery/MachineryFencePage'), 'MachineryFencePage');
const MachineryInfoPage = lazyPage(() => import('./machinery/MachineryInfoPage'), 'MachineryInfoPage');
const WarningManagePage = lazyPage(() => import('./alarm/WarningManagePage'), 'WarningManagePage');
const WarningStaffPage = lazyPage(() => import('./alarm/WarningStaffPage'), 'WarningStaffPage');
const StrategyPage = lazyPage(() => import('./automation/StrategyPage'), 'StrategyPage');
const ControlGroupPage = lazyPage(() => import('./automation/GroupPage'), 'ControlGroupPage');
const DeviceGroupPage = lazyPage(() => import('./automation/GroupPage'), 'DeviceGroupPage');
const PestDrawPage = lazyPage(() => import('./insect/PestDrawPage'), 'PestDrawPage');
const CanvasDrawSignPage = lazyPage(() => import('./insect/CanvasDrawSignPage'), 'CanvasDrawSignPage');
const CameraPage = lazyPage(() => import('./camera/CameraPage'), 'CameraPage');
const VideoSurveillancePage = lazyPage(
  () => import('./camera/VideoSurveillancePage'),
  'VideoSurveillancePage',
);

export const EQUIPMENT_ROUTES: readonly RouteDef[] = [
  // Every device type page of the registry, all served by one generic page.
  ...DEVICE_TYPE_ROUTES.map(
    ([path, typeKey, code]): RouteDef => ({
      path,
      title: `equipment:route.device.${typeKey}`,
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
    title: 'equipment:route.machineryGps',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-gps',
    page: MachineryGpsPage,
  },
  {
    path: '/web/equipment/farmmachinery-status',
    title: 'equipment:route.machineryStatus',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-status',
    page: MachineryStatusPage,
  },
  {
    path: '/web/equipment/farmmachinery-alarm',
    title: 'equipment:route.machineryAlarm',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-alarm',
    page: MachineryAlarmPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring',
    title: 'equipment:route.machineryMonitoring',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryMonitoringPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/history/:id',
    title: 'equipment:route.machineryHistory',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryHistoryPage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/fence',
    title: 'equipment:route.machineryFence',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.farmmachinery-monitoring',
    page: MachineryFencePage,
  },
  {
    path: '/web/equipment/farmmachinery-monitoring/info/:id',
    title: 'equipment:route.machineryInfo',
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
    title: 'equipment:route.warningManage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.warning-manage',
    page: WarningManagePage,
  },
  {
    path: '/web/equipment/warning-staff',
    title: 'equipment:route.warningStaff',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.warning-staff',
    page: WarningStaffPage,
  },
  {
    path: '/web/equipment/intelligentControl/index',
    title: 'equipment:route.intelligentControl',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-index',
    page: StrategyPage,
  },
  {
    path: '/web/equipment/intelligentControl/group',
    title: 'equipment:route.controlGroup',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-group',
    page: ControlGroupPage,
  },
  {
    path: '/web/equipment/intelligentControl/device-group',
    title: 'equipment:route.deviceGroup',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.intelligentControl-device-group',
    page: DeviceGroupPage,
  },
  // Pest drawing (issue 5).
  {
    path: '/web/equipment/pest/draw/:id',
    title: 'equipment:route.pestDraw',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.pest',
    page: PestDrawPage,
  },
  {
    path: '/web/equipment/canvas-drawSign',
    title: 'equipment:route.canvasDrawSign',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    code: 'wfpf.farm.equipment.canvas-drawSign',
    page: CanvasDrawSignPage,
  },
  // Cameras (issue 16).
  {
    path: '/web/equipment/camera',
    title: 'equipment:route.camera',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    page: CameraPage,
  },
  {
    path: '/web/equipment/videosurveillance',
    title: 'equipment:route.videosurveillance',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.equipment',
    area: 'shell',
    page: VideoSurveillancePage,
  },
];
