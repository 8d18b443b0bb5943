import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the system domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'system' locale namespace.

const DeviceManagerPage = lazyPage(() => import('./device/DeviceManagerPage'), 'DeviceManagerPage');
const SimPage = lazyPage(() => import('./sim/SimPage'), 'SimPage');
const SimInfoPage = lazyPage(() => import('./sim/SimInfoPage'), 'SimInfoPage');
const CropPage = lazyPage(() => import('./pages/CropPage'), 'CropPage');
const VarietyPage = lazyPage(() => import('./pages/VarietyPage'), 'VarietyPage');
const TaskTypePage = lazyPage(() => import('./pages/TaskTypePage'), 'TaskTypePage');
const TenantSettingsPage = lazyPage(
  () => import('./tenant-settings/TenantSettingsPage'),
  'TenantSettingsPage',
);
const AuditLogPage = lazyPage(() => import('./audit-log/AuditLogPage'), 'AuditLogPage');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');
const RolesPage = lazyPage(() => import('./roles/RolesPage'), 'RolesPage');
const OrganizationPage = lazyPage(() => import('./organization/OrganizationPage'), 'OrganizationPage');
const CorporationPage = lazyPage(() => import('./organization/CorporationPage'), 'CorporationPage');
const ApplicationsPage = lazyPage(() => import('./application/ApplicationsPage'), 'ApplicationsPage');
const DataPushPage = lazyPage(() => import('./push/DataPushPage'), 'DataPushPage');
const ProcessListPage = lazyPage(() => import('./process/ProcessListPage'), 'ProcessListPage');
const ProcessAddPage = lazyPage(() => import('./process/ProcessDesignerPage'), 'ProcessAddPage');
const ProcessEditPage = lazyPage(() => import('./process/ProcessDesignerPage'), 'ProcessEditPage');
const ProcessCopyPage = lazyPage(() => import('./process/ProcessDesignerPage'), 'ProcessCopyPage');
const ProcessInfoPage = lazyPage(() => import('./process/ProcessInfoPage'), 'ProcessInfoPage');
const CameraManagerPage = lazyPage(() => import('./camera/CameraManagerPage'), 'CameraManagerPage');

export const SYSTEM_ROUTES: readonly RouteDef[] = [
  {
    path: '/system/organization',
    title: 'system:route.systemOrganization',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: OrganizationPage,
  },
  {
    path: '/system/corporation',
    title: 'system:route.systemCorporation',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: CorporationPage,
  },
  {
    path: '/system/deviceManager',
    title: 'system:route.systemDeviceManager',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: DeviceManagerPage,
  },
  {
    path: '/system/sim-manage',
    title: 'system:route.systemSimManage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: SimPage,
  },
  {
    path: '/system/sim-manage/info/:id',
    title: 'system:route.systemSimManageInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.sim-manage',
    page: SimInfoPage,
  },
  {
    path: '/system/crop',
    title: 'system:route.systemCrop',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: CropPage,
  },
  {
    path: '/system/varieties',
    title: 'system:route.systemVarieties',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: VarietyPage,
  },
  {
    path: '/system/taskType',
    title: 'system:route.systemTaskType',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: TaskTypePage,
  },
  {
    path: '/system/user-manage',
    title: 'system:route.systemUserManage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: UsersPage,
  },
  {
    path: '/system/role',
    title: 'system:route.systemRole',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: RolesPage,
  },
  {
    path: '/system/tenant-settings',
    title: 'system:route.systemTenantSettings',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: TenantSettingsPage,
  },
  {
    path: '/system/application',
    title: 'system:route.systemApplication',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.platform',
    area: 'shell',
    page: ApplicationsPage,
  },
  {
    path: '/system/dataPush',
    title: 'system:route.systemDataPush',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.platform',
    area: 'shell',
    page: DataPushPage,
  },
  {
    path: '/system/audit-log',
    title: 'system:route.systemAuditLog',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.organization-user',
    area: 'shell',
    page: AuditLogPage,
  },
  {
    path: '/system/process',
    title: 'system:route.systemProcess',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: ProcessListPage,
  },
  {
    path: '/system/process/add',
    title: 'system:route.systemProcessAdd',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.process',
    page: ProcessAddPage,
  },
  {
    path: '/system/process/edit/:id',
    title: 'system:route.systemProcessEdit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.process',
    page: ProcessEditPage,
  },
  {
    path: '/system/process/copy/:id',
    title: 'system:route.systemProcessCopy',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.process',
    page: ProcessCopyPage,
  },
  {
    path: '/system/process/info/:id',
    title: 'system:route.systemProcessInfo',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    code: 'wfpf.company.system.process',
    page: ProcessInfoPage,
  },
  {
    path: '/system/cameraManager',
    title: 'system:route.systemCameraManager',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: CameraManagerPage,
  },
];
