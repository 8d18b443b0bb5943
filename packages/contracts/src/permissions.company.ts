import { perm } from './permissions.def.js';

// Inventory module (wfpf-inventory, /inventory routes, spec 01 §2.5) and company/system administration
// (wfpf-company, /system routes, spec 01 §2.6).

export const INVENTORY_VIEW_PERMISSIONS = [
  perm('wfpf.inventory.base.unit', '计量单位', 'Units'),
  perm('wfpf.inventory.base.bill', '单据编号', 'Document numbers'),
  perm('wfpf.inventory.base.standard', '规格属性', 'Specifications'),
  perm('wfpf.inventory.base.store', '仓库管理', 'Warehouses'),
  perm('wfpf.inventory.base.product', '商品管理', 'Products'),
  perm('wfpf.inventory.base.shops', '门店管理', 'Shops'),
  perm('wfpf.inventory.base.businesses', '往来单位', 'Counterparties'),
  perm('wfpf.inventory.prment.aplionform', '采购申请', 'Purchase requests'),
  perm('wfpf.inventory.prment.transfer', '调拨单', 'Transfers'),
  perm('wfpf.inventory.prment.shipment', '出库单', 'Outbound orders'),
  perm('wfpf.inventory.prment.warehousing', '入库单', 'Inbound orders'),
  perm('wfpf.inventory.prment.inventory_form', '盘点单', 'Stocktakes'),
  perm('wfpf.inventory.prment.return', '退货单', 'Returns'),
  perm('wfpf.inventory.prment.stock', '库存查询', 'Stock'),
  perm('wfpf.inventory.prment.report', '库存报表', 'Stock report'),
  perm('wfpf.inventory.config.audit', '审批设置', 'Approval settings'),
  perm('wfpf.inventory.config.option', '选项设置', 'Option settings'),
] as const;

export const COMPANY_VIEW_PERMISSIONS = [
  perm('wfpf.company.system.organization', '组织架构', 'Organisation'),
  perm('wfpf.company.system.corporation', '企业管理', 'Companies'),
  perm('wfpf.company.system.user-manage', '用户管理', 'Users'),
  perm('wfpf.company.system.role', '角色管理', 'Roles'),
  perm('wfpf.company.system.basemanage', '基地维护', 'Base maintenance'),
  perm('wfpf.company.system.taskType', '任务类型', 'Task types'),
  perm('wfpf.company.system.crop', '作物管理', 'Crops'),
  perm('wfpf.company.system.varieties', '品种管理', 'Varieties'),
  perm('wfpf.company.system.deviceManager', '设备管理', 'Devices'),
  perm('wfpf.company.system.cameraManager', '摄像头管理', 'Cameras'),
  perm('wfpf.company.system.storeManager', '门店管理', 'Stores'),
  perm('wfpf.company.system.sim-manage', '物联网卡', 'IoT SIM cards'),
  perm('wfpf.company.system.application', '应用管理', 'Applications'),
  perm('wfpf.company.system.dataPush', '数据推送', 'Data push'),
  perm('wfpf.company.system.pictures-hub', '图片库', 'Picture library'),
  perm('wfpf.company.system.vr-video', 'VR 全景', 'VR tours'),
  perm('wfpf.company.system.panorama', '全景图库', 'Panoramas'),
  perm('wfpf.company.system.publicity-video', '宣传视频', 'Promo videos'),
  perm('wfpf.company.system.bannerManger', '轮播图管理', 'Banners'),
  perm('wfpf.company.system.notice-manger', '公告管理', 'Announcements'),
  perm('wfpf.company.system.process', '审批流程', 'Approval flows'),
  perm('wfpf.company.system.graphic-editor', '图文编辑', 'Graphic editor'),
  perm('wfpf.company.system.article', '文章管理', 'Articles'),
  perm('wfpf.company.system.classify', '分类管理', 'Categories'),
] as const;

export const COMPANY_ACTION_PERMISSIONS = [
  perm('wfpf.company.system.organization.ps.create', '新增组织', 'Add organisation unit'),
  perm('wfpf.company.system.organization.ps.edit', '编辑组织', 'Edit organisation unit'),
  perm('wfpf.company.system.organization.ps.delete', '删除组织', 'Delete organisation unit'),
  perm('wfpf.company.system.user-manage.ps.create', '新增用户', 'Add user'),
  perm('wfpf.company.system.user-manage.ps.edit', '编辑用户', 'Edit user'),
  perm('wfpf.company.system.user-manage.ps.delete', '删除用户', 'Delete user'),
  perm('wfpf.company.system.role.ps.create', '新增角色', 'Add role'),
  perm('wfpf.company.system.role.ps.edit', '编辑角色', 'Edit role'),
  perm('wfpf.company.system.role.ps.delete', '删除角色', 'Delete role'),
  perm('wfpf.company.system.role.ps.assign', '分配角色', 'Assign roles'),
  perm('wfpf.company.system.notice-manger.ps.create', '新增公告', 'Add announcement'),
  perm('wfpf.company.system.notice-manger.ps.edit', '编辑公告', 'Edit announcement'),
  perm('wfpf.company.system.notice-manger.ps.delete', '删除公告', 'Delete announcement'),
  perm('wfpf.company.system.notice-manger.ps.publish', '发布公告', 'Publish announcement'),
  perm('wfpf.company.system.tenant-screen.ps.create', '新增大屏', 'Add visualization screen'),
  perm('wfpf.company.system.tenant-screen.ps.edit', '编辑大屏', 'Edit visualization screen'),
  perm('wfpf.company.system.tenant-screen.ps.delete', '删除大屏', 'Delete visualization screen'),
  // Camera manager (spec 02 §6): company system, farm-maintenance permissions, camera-management group.
  perm('wfpf.company.system.farm-maintenance.camera-management.ps.del', '删除摄像头', 'Delete camera'),
  perm('wfpf.company.system.farm-maintenance.camera-management.ps.transfer', '转移摄像头', 'Transfer camera'),
  perm(
    'wfpf.company.system.farm-maintenance.camera-management.ps.bulkTransfer',
    '批量转移摄像头',
    'Bulk transfer cameras',
  ),
  perm(
    'wfpf.company.system.farm-maintenance.camera-management.ps.bulkDel',
    '批量删除摄像头',
    'Bulk delete cameras',
  ),
] as const;
