import { perm } from './permissions.def.js';

// Farm module (wfpf-farm), everything except equipment: the /web/farm pages, the user-level codes of
// the shell, reports, traceability, carbon and agriculture knowledge.
// View codes: wfpf.farm.<group>.<page> with '/' of the page path turned into '-'.
// Action codes: <entity code>.ps.<action>.

/** Shell-level codes (spec 01 §6). */
export const USER_PERMISSIONS = [
  perm('wfpf.farm.user.ps.notice-message', '消息通知', 'Notifications'),
  perm('wfpf.farm.user.ps.tenant-screen', '可视化大屏', 'Visualization screens'),
] as const;

/** /web/farm/... pages (spec 01 §2.2). */
export const FARM_VIEW_PERMISSIONS = [
  perm('wfpf.farm.farm.home', '首页', 'Home'),
  perm('wfpf.farm.farm.map', '地图', 'Map'),
  perm('wfpf.farm.farm.map-digital', '数字地图', 'Digital map'),
  perm('wfpf.farm.farm.base', '基地管理', 'Bases'),
  perm('wfpf.farm.farm.land', '地块管理', 'Plots'),
  perm('wfpf.farm.farm.batch', '批次管理', 'Batches'),
  perm('wfpf.farm.farm.plan', '种植计划', 'Plans'),
  perm('wfpf.farm.farm.planPackage', '计划套餐', 'Plan packages'),
  perm('wfpf.farm.farm.task', '我的任务', 'My tasks'),
  perm('wfpf.farm.farm.taskManger', '任务管理', 'Task management'),
  perm('wfpf.farm.farm.worker', '工人管理', 'Workers'),
  perm('wfpf.farm.farm.log', '农事日志', 'Farm logs'),
  perm('wfpf.farm.farm.seed', '种子管理', 'Seeds'),
  perm('wfpf.farm.farm.activity', '农事活动', 'Activities'),
  perm('wfpf.farm.farm.agricultural-agricultural-manage', '农资管理', 'Agricultural inputs'),
  perm('wfpf.farm.farm.agricultural-agricultural-inventory', '农资库存', 'Input stock'),
  perm('wfpf.farm.farm.agricultural-agricultural-warehousing', '农资入库', 'Input receipts'),
  perm('wfpf.farm.farm.agricultural-agricultural-shipment', '农资出库', 'Input issues'),
] as const;

/** Actions on the farm entities. */
export const FARM_ACTION_PERMISSIONS = [
  perm('wfpf.farm.farm.base.ps.create', '新增基地', 'Add base'),
  perm('wfpf.farm.farm.base.ps.edit', '编辑基地', 'Edit base'),
  perm('wfpf.farm.farm.base.ps.delete', '删除基地', 'Delete base'),
  perm('wfpf.farm.farm.land.ps.create', '新增地块', 'Add plot'),
  perm('wfpf.farm.farm.land.ps.edit', '编辑地块', 'Edit plot'),
  perm('wfpf.farm.farm.land.ps.delete', '删除地块', 'Delete plot'),
  perm('wfpf.farm.farm.batch.ps.create', '新增批次', 'Add batch'),
  perm('wfpf.farm.farm.batch.ps.edit', '编辑批次', 'Edit batch'),
  perm('wfpf.farm.farm.batch.ps.delete', '删除批次', 'Delete batch'),
  perm('wfpf.farm.farm.plan.ps.create', '新增计划', 'Add plan'),
  perm('wfpf.farm.farm.plan.ps.edit', '编辑计划', 'Edit plan'),
  perm('wfpf.farm.farm.plan.ps.delete', '删除计划', 'Delete plan'),
  perm('wfpf.farm.farm.planPackage.ps.create', '新增计划套餐', 'Add plan package'),
  perm('wfpf.farm.farm.planPackage.ps.edit', '编辑计划套餐', 'Edit plan package'),
  perm('wfpf.farm.farm.planPackage.ps.delete', '删除计划套餐', 'Delete plan package'),
  perm('wfpf.farm.farm.task.ps.create', '新增任务', 'Add task'),
  perm('wfpf.farm.farm.task.ps.edit', '编辑任务', 'Edit task'),
  perm('wfpf.farm.farm.task.ps.delete', '删除任务', 'Delete task'),
  perm('wfpf.farm.farm.task.ps.assign', '分配任务', 'Assign task'),
  perm('wfpf.farm.farm.task.ps.approve', '审核任务', 'Approve task'),
  perm('wfpf.farm.farm.worker.ps.create', '新增工人', 'Add worker'),
  perm('wfpf.farm.farm.worker.ps.edit', '编辑工人', 'Edit worker'),
  perm('wfpf.farm.farm.worker.ps.delete', '删除工人', 'Delete worker'),
  perm('wfpf.farm.farm.log.ps.create', '新增日志', 'Add log'),
  perm('wfpf.farm.farm.log.ps.edit', '编辑日志', 'Edit log'),
  perm('wfpf.farm.farm.log.ps.delete', '删除日志', 'Delete log'),
  perm('wfpf.farm.farm.agricultural.ps.create', '新增农资', 'Add agricultural input'),
  perm('wfpf.farm.farm.agricultural.ps.edit', '编辑农资', 'Edit agricultural input'),
  perm('wfpf.farm.farm.agricultural.ps.delete', '删除农资', 'Delete agricultural input'),
  perm('wfpf.farm.farm.agricultural.ps.inbound', '农资入库', 'Receive agricultural inputs'),
  perm('wfpf.farm.farm.agricultural.ps.outbound', '农资出库', 'Issue agricultural inputs'),
  perm('wfpf.farm.farm.seed.ps.create', '新增种子', 'Add seed'),
  perm('wfpf.farm.farm.seed.ps.edit', '编辑种子', 'Edit seed'),
  perm('wfpf.farm.farm.seed.ps.delete', '删除种子', 'Delete seed'),
  perm('wfpf.farm.farm.activity.ps.create', '新增活动', 'Add activity'),
  perm('wfpf.farm.farm.activity.ps.edit', '编辑活动', 'Edit activity'),
  perm('wfpf.farm.farm.activity.ps.delete', '删除活动', 'Delete activity'),
] as const;

/** Traceability and carbon actions (issue 18); viewing is the page code. */
export const TRACE_CARBON_ACTION_PERMISSIONS = [
  perm('wfpf.farm.trace.produce.ps.edit', '编辑溯源产品', 'Edit traced products'),
  perm('wfpf.farm.trace.produce.ps.delete', '删除溯源产品', 'Delete traced products'),
  perm('wfpf.farm.trace.index.ps.edit', '编辑溯源批次', 'Edit trace batches'),
  perm('wfpf.farm.trace.index.ps.delete', '删除溯源批次', 'Delete trace batches'),
  perm('wfpf.farm.trace.index.ps.publish', '发布溯源批次（上链）', 'Publish trace batches (up-chain)'),
  perm(
    'wfpf.farm.trace.base.ps.edit',
    '编辑门店、网店与企业信息',
    'Edit stores, online stores and business profile',
  ),
  perm('wfpf.farm.trace.code-package.ps.create', '生成溯源码', 'Generate trace codes'),
  perm('wfpf.farm.trace.code-package.ps.void', '作废溯源码', 'Void trace codes'),
  perm('wfpf.farm.trace.code-package.ps.export', '导出溯源码', 'Export trace codes'),
  perm('wfpf.farm.trace.block-chain.ps.verify', '校验账本', 'Verify the ledger'),
  perm('wfpf.farm.trace.block-chain.ps.anchor', '锚定区块（上链）', 'Anchor blocks (up-chain)'),
  perm('wfpf.farm.carbon.registry.ps.edit', '编辑排放因子', 'Edit emission factors'),
  perm('wfpf.farm.carbon.neutral.ps.edit', '登记碳排放与碳汇', 'Record emissions and removals'),
  perm('wfpf.farm.carbon.spectaculars.ps.export', '导出碳报告', 'Export carbon reports'),
] as const;

/** Reports, traceability, carbon and agriculture knowledge pages (spec 01 §2.4). */
export const FARM_OTHER_VIEW_PERMISSIONS = [
  perm('wfpf.farm.report.rainfall-report', '降雨量报表', 'Rainfall report'),
  perm('wfpf.farm.report.ari-report', '积温报表', 'Accumulated temperature report'),
  perm('wfpf.farm.report.light-report', '光照报表', 'Light report'),
  perm('wfpf.farm.report.equipmentLog-controlLog', '控制日志', 'Control log'),
  perm('wfpf.farm.report.equipmentLog-onlineLog', '上下线日志', 'Online log'),
  perm('wfpf.farm.trace.index', '溯源概览', 'Traceability overview'),
  perm('wfpf.farm.trace.produce', '溯源产品', 'Traced products'),
  perm('wfpf.farm.trace.record', '溯源记录', 'Trace records'),
  perm('wfpf.farm.trace.base-store', '门店信息', 'Stores'),
  perm('wfpf.farm.trace.base-onlineStore', '网店信息', 'Online stores'),
  perm('wfpf.farm.trace.base-business', '企业信息', 'Business profile'),
  perm('wfpf.farm.trace.code-package', '溯源码包', 'Code packages'),
  perm('wfpf.farm.trace.block-chain', '区块链', 'Blockchain'),
  perm('wfpf.farm.trace.block-chain-report', '区块链报告', 'Blockchain report'),
  perm('wfpf.farm.carbon.neutral', '碳监测', 'Carbon monitoring'),
  perm('wfpf.farm.carbon.spectaculars', '碳看板', 'Carbon dashboard'),
  perm('wfpf.farm.carbon.registry', '碳登记', 'Carbon registry'),
  perm('wfpf.farm.agriculture.expert-inquiry', '专家问诊', 'Expert inquiry'),
  perm('wfpf.farm.agriculture.information', '农业资讯', 'Agricultural news'),
  perm('wfpf.farm.agriculture.identify', '病虫害识别', 'Pest identification'),
] as const;
