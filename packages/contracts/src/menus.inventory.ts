import { group, leaf, type MenuNodeDef } from './menus.def.js';

// Inventory module menu (wfpf-inventory): the /inventory routes of spec 01 §2.5 / spec 03 §2.

const BASE: MenuNodeDef = group(
  'wfpf.inventory.base',
  '/inventory/base',
  'DatabaseOutlined',
  '基础资料',
  'Base data',
  [
    leaf('/inventory/base/product', 'ShoppingOutlined', '商品管理', 'Products'),
    leaf('/inventory/base/store', 'HomeOutlined', '仓库管理', 'Warehouses'),
    leaf('/inventory/base/shops', 'ShopOutlined', '门店管理', 'Shops'),
    leaf('/inventory/base/businesses', 'TeamOutlined', '往来单位', 'Counterparties'),
    leaf('/inventory/base/unit', 'NumberOutlined', '计量单位', 'Units'),
    leaf('/inventory/base/standard', 'TagsOutlined', '规格属性', 'Specifications'),
    leaf('/inventory/base/bill', 'FieldNumberOutlined', '单据编号', 'Document numbers'),
  ],
);

const PRMENT: MenuNodeDef = group(
  'wfpf.inventory.prment',
  '/inventory/prment',
  'FileDoneOutlined',
  '采购与库存',
  'Purchasing and stock',
  [
    leaf('/inventory/prment/aplionform', 'FileAddOutlined', '采购申请', 'Purchase requests'),
    leaf('/inventory/prment/warehousing', 'ImportOutlined', '入库单', 'Inbound orders'),
    leaf('/inventory/prment/shipment', 'ExportOutlined', '出库单', 'Outbound orders'),
    leaf('/inventory/prment/transfer', 'SwapOutlined', '调拨单', 'Transfers'),
    leaf('/inventory/prment/return', 'RollbackOutlined', '退货单', 'Returns'),
    leaf('/inventory/prment/inventory_form', 'CheckSquareOutlined', '盘点单', 'Stocktakes'),
    leaf('/inventory/prment/stock', 'InboxOutlined', '库存查询', 'Stock'),
    leaf('/inventory/prment/report', 'BarChartOutlined', '库存报表', 'Stock report'),
  ],
);

const CONFIG: MenuNodeDef = group(
  'wfpf.inventory.config',
  '/inventory/config',
  'SettingOutlined',
  '设置',
  'Settings',
  [
    leaf('/inventory/config/audit', 'AuditOutlined', '审批设置', 'Approval settings'),
    leaf('/inventory/config/option', 'SettingOutlined', '选项设置', 'Option settings'),
  ],
);

export const INVENTORY_MENUS: readonly MenuNodeDef[] = [BASE, PRMENT, CONFIG];
