import { group, HOT, leaf, type MenuNodeDef, NEW } from './menus.def.js';

// Farm module menu (wfpf-farm): the /web routes of spec 01 §2.2–2.4. Child routes (add, edit/{id},
// info/{id}, ...) and the fallback pages are not menu entries.

const FARM: MenuNodeDef = group('wfpf.farm.farm', '/web/farm', 'HomeOutlined', '农场管理', 'Farm', [
  leaf('/web/farm/home', 'HomeOutlined', '首页', 'Home'),
  leaf('/web/farm/map', 'EnvironmentOutlined', '地图', 'Map'),
  leaf('/web/farm/map-digital', 'GlobalOutlined', '数字地图', 'Digital map', NEW),
  leaf('/web/farm/base', 'BankOutlined', '基地管理', 'Bases'),
  leaf('/web/farm/land', 'BorderOuterOutlined', '地块管理', 'Plots'),
  leaf('/web/farm/batch', 'AppstoreOutlined', '批次管理', 'Batches'),
  leaf('/web/farm/plan', 'ScheduleOutlined', '种植计划', 'Plans'),
  leaf('/web/farm/planPackage', 'ProfileOutlined', '计划套餐', 'Plan packages'),
  leaf('/web/farm/task', 'CarryOutOutlined', '我的任务', 'My tasks', HOT),
  leaf('/web/farm/taskManger', 'SolutionOutlined', '任务管理', 'Task management'),
  leaf('/web/farm/worker', 'TeamOutlined', '工人管理', 'Workers'),
  leaf('/web/farm/log', 'FileTextOutlined', '农事日志', 'Farm logs'),
  group('wfpf.farm.farm.agricultural', '/web/farm/agricultural', 'ExperimentOutlined', '农资', 'Inputs', [
    leaf(
      '/web/farm/agricultural/agricultural-manage',
      'ExperimentOutlined',
      '农资管理',
      'Agricultural inputs',
    ),
    leaf('/web/farm/agricultural/agricultural-inventory', 'DatabaseOutlined', '农资库存', 'Input stock'),
    leaf('/web/farm/agricultural/agricultural-warehousing', 'ImportOutlined', '农资入库', 'Input receipts'),
    leaf('/web/farm/agricultural/agricultural-shipment', 'ExportOutlined', '农资出库', 'Input issues'),
  ]),
  leaf('/web/farm/seed', 'GiftOutlined', '种子管理', 'Seeds'),
  leaf('/web/farm/activity', 'CalendarOutlined', '农事活动', 'Activities'),
]);

const EQUIPMENT: MenuNodeDef = group(
  'wfpf.farm.equipment',
  '/web/equipment',
  'ApiOutlined',
  '物联设备',
  'Equipment',
  [
    leaf('/web/equipment/networkPower', 'PoweroffOutlined', '网络电源', 'Network power'),
    leaf('/web/equipment/weatherStations', 'CloudOutlined', '气象站', 'Weather stations'),
    leaf('/web/equipment/camera', 'VideoCameraOutlined', '摄像头', 'Cameras'),
    leaf('/web/equipment/gateway', 'ClusterOutlined', '网关', 'Gateways'),
    leaf('/web/equipment/acquisition-control', 'ControlOutlined', '采集控制', 'Acquisition control'),
    leaf('/web/equipment/waterFertilizer', 'ExperimentOutlined', '水肥一体机', 'Fertigation machines'),
    leaf('/web/equipment/transducer', 'ThunderboltOutlined', '变频器', 'Inverters'),
    leaf('/web/equipment/soilmoisture', 'FundOutlined', '土壤墒情', 'Soil moisture'),
    leaf('/web/equipment/electric-valve', 'SwapOutlined', '电磁阀', 'Electric valves'),
    leaf('/web/equipment/tubularmoisture', 'ColumnHeightOutlined', '管式墒情', 'Tubular soil moisture'),
    leaf(
      '/web/equipment/inject-fertilizer',
      'MedicineBoxOutlined',
      '注肥机',
      'Injection fertilizer machines',
    ),
    leaf('/web/equipment/lorawan-node', 'NodeIndexOutlined', 'LoRaWAN 节点', 'LoRaWAN nodes'),
    leaf('/web/equipment/lorawan-gateway', 'WifiOutlined', 'LoRaWAN 网关', 'LoRaWAN gateways'),
    leaf('/web/equipment/lora-gateway', 'SignalFilled', '4G LoRa 节点与网关', '4G LoRa nodes and gateways'),
    leaf('/web/equipment/plantLight', 'BulbOutlined', '性诱测报灯', 'Forecast lamps'),
    leaf('/web/equipment/screenManagement', 'DesktopOutlined', '屏幕管理', 'Screens'),
    leaf('/web/equipment/composiTachometer', 'DashboardOutlined', '综合测速仪', 'Composite tachometers'),
    leaf('/web/equipment/videosurveillance', 'EyeOutlined', '视频监控', 'Video surveillance'),
    leaf('/web/equipment/aerator', 'DeploymentUnitOutlined', '增氧机', 'Aerators'),
    leaf('/web/equipment/water-quality', 'ExperimentOutlined', '水质监测', 'Water quality'),
    leaf('/web/equipment/pest-lamp', 'AlertOutlined', '杀虫灯', 'Insecticidal lamps'),
    leaf('/web/equipment/pest', 'BugOutlined', '虫情测报', 'Pest stations'),
    leaf('/web/equipment/spore', 'RadarChartOutlined', '孢子仪', 'Spore meters'),
    leaf('/web/equipment/seeding', 'ShakeOutlined', '育苗播种', 'Seeding'),
    leaf('/web/equipment/robotic-arm', 'RobotOutlined', '机械臂', 'Robotic arms'),
    leaf('/web/equipment/value-regulated', 'SlidersOutlined', '闸门控制', 'Gate control'),
    leaf('/web/equipment/farmmachinery', 'CarOutlined', '农机管理', 'Farm machinery'),
    leaf('/web/equipment/farmmachinery-gps', 'AimOutlined', '农机定位', 'Machinery GPS'),
    leaf('/web/equipment/farmmachinery-status', 'CarOutlined', '农机状态', 'Machinery status'),
    leaf('/web/equipment/farmmachinery-alarm', 'WarningOutlined', '农机告警', 'Machinery alerts'),
    leaf('/web/equipment/farmmachinery-monitoring', 'MonitorOutlined', '农机监控', 'Machinery monitoring'),
    group(
      'wfpf.farm.equipment.intelligentControl',
      '/web/equipment/intelligentControl',
      'ControlOutlined',
      '智能控制',
      'Smart control',
      [
        leaf('/web/equipment/intelligentControl/index', 'ControlOutlined', '智能控制', 'Smart control'),
        leaf('/web/equipment/intelligentControl/group', 'GroupOutlined', '控制分组', 'Control groups'),
        leaf(
          '/web/equipment/intelligentControl/device-group',
          'ClusterOutlined',
          '设备分组',
          'Device groups',
        ),
      ],
    ),
    leaf('/web/equipment/warning-staff', 'ContactsOutlined', '告警联系人', 'Alert contacts'),
    leaf('/web/equipment/warning-manage', 'BellOutlined', '告警管理', 'Alert management'),
  ],
);

const REPORT: MenuNodeDef = group(
  'wfpf.farm.report',
  '/web/report',
  'BarChartOutlined',
  '统计报表',
  'Reports',
  [
    leaf('/web/report/rainfall-report', 'CloudOutlined', '降雨量报表', 'Rainfall report'),
    leaf('/web/report/ari-report', 'FireOutlined', '积温报表', 'Accumulated temperature report'),
    leaf('/web/report/light-report', 'SunOutlined', '光照报表', 'Light report'),
    group(
      'wfpf.farm.report.equipmentLog',
      '/web/report/equipmentLog',
      'FileSearchOutlined',
      '设备日志',
      'Device logs',
      [
        leaf('/web/report/equipmentLog/controlLog', 'ControlOutlined', '控制日志', 'Control log'),
        leaf('/web/report/equipmentLog/onlineLog', 'LinkOutlined', '上下线日志', 'Online log'),
      ],
    ),
  ],
);

const TRACE: MenuNodeDef = group(
  'wfpf.farm.trace',
  '/web/trace',
  'QrcodeOutlined',
  '质量溯源',
  'Traceability',
  [
    leaf('/web/trace/index', 'PieChartOutlined', '溯源概览', 'Traceability overview'),
    leaf('/web/trace/produce', 'ShoppingOutlined', '溯源产品', 'Traced products'),
    leaf('/web/trace/record', 'HistoryOutlined', '溯源记录', 'Trace records'),
    group('wfpf.farm.trace.base', '/web/trace/base', 'ShopOutlined', '基础信息', 'Basic information', [
      leaf('/web/trace/base/store', 'ShopOutlined', '门店信息', 'Stores'),
      leaf('/web/trace/base/onlineStore', 'ShoppingCartOutlined', '网店信息', 'Online stores'),
      leaf('/web/trace/base/business', 'IdcardOutlined', '企业信息', 'Business profile'),
    ]),
    leaf('/web/trace/code-package', 'QrcodeOutlined', '溯源码包', 'Code packages'),
    leaf('/web/trace/block-chain', 'BlockOutlined', '区块链', 'Blockchain'),
    leaf('/web/trace/block-chain-report', 'AuditOutlined', '区块链报告', 'Blockchain report'),
  ],
);

const CARBON: MenuNodeDef = group(
  'wfpf.farm.carbon',
  '/web/carbon',
  'CloudServerOutlined',
  '碳中和',
  'Carbon',
  [
    leaf('/web/carbon/neutral', 'LineChartOutlined', '碳监测', 'Carbon monitoring'),
    leaf('/web/carbon/spectaculars', 'DashboardOutlined', '碳看板', 'Carbon dashboard'),
    leaf('/web/carbon/registry', 'FormOutlined', '碳登记', 'Carbon registry'),
  ],
);

const AGRICULTURE: MenuNodeDef = group(
  'wfpf.farm.agriculture',
  '/web/agriculture',
  'ReadOutlined',
  '农业知识',
  'Agriculture',
  [
    leaf('/web/agriculture/expert-inquiry', 'CustomerServiceOutlined', '专家问诊', 'Expert inquiry'),
    leaf('/web/agriculture/information', 'ReadOutlined', '农业资讯', 'Agricultural news'),
    leaf('/web/agriculture/identify', 'ScanOutlined', '病虫害识别', 'Pest identification'),
  ],
);

export const FARM_MENUS: readonly MenuNodeDef[] = [FARM, EQUIPMENT, REPORT, TRACE, CARBON, AGRICULTURE];
