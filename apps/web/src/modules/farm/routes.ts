import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the farm domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'farm' locale namespace.

const FarmHomePage = lazyPage(() => import('./pages/FarmHomePage'), 'FarmHomePage');
const FarmLogPage = lazyPage(() => import('./log/pages/FarmLogPage'), 'FarmLogPage');
const MyTaskPage = lazyPage(() => import('./task/pages/MyTaskPage'), 'MyTaskPage');
const TaskManagePage = lazyPage(() => import('./task/pages/TaskManagePage'), 'TaskManagePage');
const FarmMapPage = lazyPage(() => import('./map/pages/FarmMapPage'), 'FarmMapPage');
const MapDigitalPage = lazyPage(() => import('./map/pages/MapDigitalPage'), 'MapDigitalPage');
const LandPage = lazyPage(() => import('./land/pages/LandPage'), 'LandPage');
const BasePage = lazyPage(() => import('./base/pages/BasePage'), 'BasePage');
const PlanPackagePage = lazyPage(() => import('./plan/pages/PlanPackagePage'), 'PlanPackagePage');
const PlanPage = lazyPage(() => import('./plan/pages/PlanPage'), 'PlanPage');
const PlanInfoPage = lazyPage(() => import('./plan/pages/PlanInfoPage'), 'PlanInfoPage');
const BatchPage = lazyPage(() => import('./batch/pages/BatchPage'), 'BatchPage');
const SeedPage = lazyPage(() => import('./seed/pages/SeedPage'), 'SeedPage');
const WorkerPage = lazyPage(() => import('./worker/pages/WorkerPage'), 'WorkerPage');
const ActivityPage = lazyPage(() => import('./activity/pages/ActivityPage'), 'ActivityPage');
const AgriInputListPage = lazyPage(() => import('./agricultural/pages/InputListPage'), 'InputListPage');
const AgriInputFormPage = lazyPage(() => import('./agricultural/pages/InputFormPage'), 'InputFormPage');
const AgriStockListPage = lazyPage(() => import('./agricultural/pages/StockListPage'), 'StockListPage');
const AgriStockRecordPage = lazyPage(() => import('./agricultural/pages/StockRecordPage'), 'StockRecordPage');
const AgriWarehousingListPage = lazyPage(
  () => import('./agricultural/pages/DocListPage'),
  'WarehousingListPage',
);
const AgriWarehousingFormPage = lazyPage(
  () => import('./agricultural/pages/DocFormPage'),
  'WarehousingFormPage',
);
const AgriWarehousingInfoPage = lazyPage(
  () => import('./agricultural/pages/DocInfoPage'),
  'WarehousingInfoPage',
);
const AgriShipmentListPage = lazyPage(() => import('./agricultural/pages/DocListPage'), 'ShipmentListPage');
const AgriShipmentFormPage = lazyPage(() => import('./agricultural/pages/DocFormPage'), 'ShipmentFormPage');
const AgriShipmentInfoPage = lazyPage(() => import('./agricultural/pages/DocInfoPage'), 'ShipmentInfoPage');

export const FARM_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/farm/home',
    title: 'farm:route.farmHome',
    isAuth: false,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: FarmHomePage,
  },
  {
    path: '/web/farm/log',
    title: 'farm:route.farmLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.log',
    page: FarmLogPage,
  },
  // My tasks and task management are not kept alive (spec 01 §2.2).
  {
    path: '/web/farm/task',
    title: 'farm:route.farmTask',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.task',
    page: MyTaskPage,
  },
  {
    path: '/web/farm/taskManger',
    title: 'farm:route.farmTaskManger',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.taskManger',
    page: TaskManagePage,
  },
  {
    path: '/web/farm/map',
    title: 'farm:route.farmMap',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: FarmMapPage,
  },
  {
    path: '/web/farm/map-digital',
    title: 'farm:route.farmMapDigital',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: MapDigitalPage,
  },
  {
    path: '/web/farm/land',
    title: 'farm:route.farmLand',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: LandPage,
  },
  {
    path: '/web/farm/base',
    title: 'farm:route.farmBase',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: BasePage,
  },
  // The system module's base maintenance is the farm's base page.
  {
    path: '/system/basemanage',
    title: 'farm:route.systemBasemanage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: BasePage,
  },
  {
    path: '/web/farm/planPackage',
    title: 'farm:route.farmPlanPackage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: PlanPackagePage,
  },
  {
    path: '/web/farm/plan',
    title: 'farm:route.farmPlan',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: PlanPage,
  },
  {
    path: '/web/farm/plan/info/:id',
    title: 'farm:route.farmPlanInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.plan',
    page: PlanInfoPage,
  },
  {
    path: '/web/farm/batch',
    title: 'farm:route.farmBatch',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: BatchPage,
  },
  {
    path: '/web/farm/seed',
    title: 'farm:route.farmSeed',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: SeedPage,
  },
  {
    path: '/web/farm/worker',
    title: 'farm:route.farmWorker',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: WorkerPage,
  },
  {
    path: '/web/farm/activity',
    title: 'farm:route.farmActivity',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    page: ActivityPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage',
    title: 'farm:route.agriManage',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-manage',
    page: AgriInputListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage/add',
    title: 'farm:route.agriManageAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.create',
    page: AgriInputFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-manage/edit/:id',
    title: 'farm:route.agriManageEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.edit',
    page: AgriInputFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-inventory',
    title: 'farm:route.agriInventory',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-inventory',
    page: AgriStockListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-inventory/record/:id',
    title: 'farm:route.agriInventoryRecord',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-inventory',
    page: AgriStockRecordPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing',
    title: 'farm:route.agriWarehousing',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-warehousing',
    page: AgriWarehousingListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/add',
    title: 'farm:route.agriWarehousingAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.inbound',
    page: AgriWarehousingFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/edit/:id',
    title: 'farm:route.agriWarehousingEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.inbound',
    page: AgriWarehousingFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-warehousing/info/:id',
    title: 'farm:route.agriWarehousingInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-warehousing',
    page: AgriWarehousingInfoPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment',
    title: 'farm:route.agriShipment',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-shipment',
    page: AgriShipmentListPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/add',
    title: 'farm:route.agriShipmentAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.outbound',
    page: AgriShipmentFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/edit/:id',
    title: 'farm:route.agriShipmentEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural.ps.outbound',
    page: AgriShipmentFormPage,
  },
  {
    path: '/web/farm/agricultural/agricultural-shipment/info/:id',
    title: 'farm:route.agriShipmentInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.farm',
    area: 'shell',
    code: 'wfpf.farm.farm.agricultural-agricultural-shipment',
    page: AgriShipmentInfoPage,
  },
];
