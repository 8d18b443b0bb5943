import { group, leaf, type MenuNodeDef, NEW } from './menus.def.js';

// Company / system administration menu (wfpf-company): the /system routes of spec 01 §2.6. The routes are
// flat, so the groups are by theme and all share the /system prefix.

const ORGANIZATION_USER: MenuNodeDef = group(
  'wfpf.company.system.organization-user',
  '/system',
  'TeamOutlined',
  '组织与用户',
  'Organisation and users',
  [
    leaf('/system/organization', 'ApartmentOutlined', '组织架构', 'Organisation'),
    leaf('/system/corporation', 'BankOutlined', '企业管理', 'Companies'),
    leaf('/system/user-manage', 'UserOutlined', '用户管理', 'Users'),
    leaf('/system/role', 'SafetyCertificateOutlined', '角色管理', 'Roles'),
    leaf('/system/tenant-settings', 'SettingOutlined', '企业设置', 'Tenant settings'),
    leaf('/system/audit-log', 'AuditOutlined', '操作日志', 'Audit log'),
  ],
);

const FARM_MAINTENANCE: MenuNodeDef = group(
  'wfpf.company.system.farm-maintenance',
  '/system',
  'ToolOutlined',
  '农场维护',
  'Farm maintenance',
  [
    leaf('/system/basemanage', 'EnvironmentOutlined', '基地维护', 'Base maintenance'),
    leaf('/system/taskType', 'UnorderedListOutlined', '任务类型', 'Task types'),
    leaf('/system/crop', 'AppstoreOutlined', '作物管理', 'Crops'),
    leaf('/system/varieties', 'BranchesOutlined', '品种管理', 'Varieties'),
    leaf('/system/deviceManager', 'ApiOutlined', '设备管理', 'Devices'),
    leaf('/system/cameraManager', 'VideoCameraOutlined', '摄像头管理', 'Cameras'),
    // The company-level view of the warehouses (base/store): named for what it lists.
    leaf('/system/storeManager', 'HomeOutlined', '仓库管理', 'Warehouses'),
    leaf('/system/sim-manage', 'CreditCardOutlined', '物联网卡', 'IoT SIM cards'),
    leaf('/system/process', 'PartitionOutlined', '审批流程', 'Approval flows'),
  ],
);

const CONTENT: MenuNodeDef = group(
  'wfpf.company.system.content',
  '/system',
  'PictureOutlined',
  '内容管理',
  'Content',
  [
    leaf('/system/notice-manger', 'NotificationOutlined', '公告管理', 'Announcements'),
    leaf('/system/article', 'FileTextOutlined', '文章管理', 'Articles'),
    leaf('/system/classify', 'TagsOutlined', '分类管理', 'Categories'),
    leaf('/system/graphic-editor', 'EditOutlined', '图文编辑', 'Graphic editor'),
    leaf('/system/bannerManger', 'FundProjectionScreenOutlined', '轮播图管理', 'Banners'),
    leaf('/system/pictures-hub', 'PictureOutlined', '图片库', 'Picture library'),
    leaf('/system/publicity-video', 'PlaySquareOutlined', '宣传视频', 'Promo videos'),
    leaf('/system/panorama', 'CameraOutlined', '全景图库', 'Panoramas'),
    leaf('/system/vr-video', 'EyeOutlined', 'VR 全景', 'VR tours', NEW),
  ],
);

const PLATFORM: MenuNodeDef = group(
  'wfpf.company.system.platform',
  '/system',
  'CloudOutlined',
  '开放平台',
  'Platform',
  [
    leaf('/system/application', 'AppstoreAddOutlined', '应用管理', 'Applications'),
    leaf('/system/dataPush', 'SendOutlined', '数据推送', 'Data push'),
  ],
);

export const COMPANY_MENUS: readonly MenuNodeDef[] = [ORGANIZATION_USER, FARM_MAINTENANCE, CONTENT, PLATFORM];
