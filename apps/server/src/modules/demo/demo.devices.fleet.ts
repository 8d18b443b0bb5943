// The demo tenant's device fleet (示范农场): at least one device of every registry type but cameras,
// placed on the plots of the two demo bases (land.demo.ts). Serials start with SIM- — the in-process
// simulator plays exactly those devices, so devices a user adds keep their own secrets.

export const DEMO_EUI_PREFIX = 'SIM-';
export const PANYU = '番禺示范基地';
export const NANSHA = '南沙水产基地';

export interface DemoSwitch {
  name: string;
  circuit: number;
  switchType: 'regular' | 'motorised' | 'curtain';
  icon: string;
}

export interface DemoDevice {
  typeKey: string;
  name: string;
  eui: string;
  base: typeof PANYU | typeof NANSHA;
  /** A plot of the base; the device sits at its centre plus `offset` metres (east, north). */
  plot?: string;
  offset: [number, number];
  /** Cellular devices carry an IoT card (sim-manage). */
  iccid?: string;
  /** Serial of the gateway / regulator it hangs off. */
  parent?: string;
  config?: Record<string, unknown>;
  switches?: DemoSwitch[];
  /** Aerator pumps: port and name. */
  pumps?: { port: number; name: string }[];
  description?: string;
}

const ICCID = (n: number) => `898604${String(19_000_000_000_000 + n).padStart(14, '0')}`;

export const DEMO_FLEET: readonly DemoDevice[] = [
  // ---- 番禺示范基地: greenhouses, rice, vegetables ----
  {
    typeKey: 'gateway',
    name: '1号大棚网关',
    eui: 'SIM-GW-PY01',
    base: PANYU,
    plot: '1号温室大棚',
    offset: [-30, 10],
    iccid: ICCID(1),
    config: { uploadPeriodMin: 5, pollingSec: 30, nodeResponseSec: 5, nodeCount: 8 },
    switches: [
      { name: '东侧卷膜', circuit: 1, switchType: 'curtain', icon: 'BorderOutlined' },
      { name: '顶窗电机', circuit: 2, switchType: 'motorised', icon: 'ColumnHeightOutlined' },
      { name: '灌溉水泵', circuit: 3, switchType: 'regular', icon: 'ThunderboltOutlined' },
      { name: '补光灯', circuit: 4, switchType: 'regular', icon: 'BulbOutlined' },
      { name: '循环风机', circuit: 5, switchType: 'regular', icon: 'SyncOutlined' },
      { name: '内遮阳帘', circuit: 6, switchType: 'curtain', icon: 'BorderOutlined' },
    ],
  },
  {
    typeKey: 'weather-station',
    name: '番禺气象站',
    eui: 'SIM-WS-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [0, 60],
    iccid: ICCID(2),
    config: { uploadPeriodMin: 10 },
  },
  {
    typeKey: 'soil-moisture',
    name: '1号大棚墒情站',
    eui: 'SIM-SM-PY01',
    base: PANYU,
    plot: '1号温室大棚',
    offset: [10, -5],
    iccid: ICCID(3),
    config: { uploadPeriodMin: 30 },
  },
  {
    typeKey: 'soil-moisture',
    name: '水稻田墒情站',
    eui: 'SIM-SM-PY02',
    base: PANYU,
    plot: '东片水稻田',
    offset: [-20, -10],
    iccid: ICCID(4),
    config: { uploadPeriodMin: 30 },
  },
  {
    typeKey: 'soil-moisture',
    name: '蔬菜地墒情站',
    eui: 'SIM-SM-PY03',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [20, 15],
    iccid: ICCID(5),
    config: { uploadPeriodMin: 30 },
  },
  {
    typeKey: 'tubular-soil',
    name: '蔬菜地管式墒情仪',
    eui: 'SIM-TS-PY01',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [-15, 25],
    iccid: ICCID(6),
    config: { uploadPeriodMin: 30 },
  },
  {
    typeKey: 'electric-valve',
    name: '1号大棚电磁阀',
    eui: 'SIM-EV-PY01',
    base: PANYU,
    plot: '1号温室大棚',
    offset: [25, 0],
    parent: 'SIM-GW-PY01',
    config: { highLevelCm: 400, lowLevelCm: 100 },
  },
  {
    typeKey: 'electric-valve',
    name: '蔬菜地电磁阀',
    eui: 'SIM-EV-PY02',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [0, -5],
    config: { highLevelCm: 400, lowLevelCm: 100 },
  },
  {
    typeKey: 'water-fertilizer',
    name: '2号大棚水肥一体机',
    eui: 'SIM-WF-PY01',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [-20, 0],
    iccid: ICCID(7),
    config: { ratedPowerKw: 1.1 },
  },
  {
    typeKey: 'inject-fertilizer',
    name: '1号大棚注肥机',
    eui: 'SIM-IF-PY01',
    base: PANYU,
    plot: '1号温室大棚',
    offset: [-25, -10],
    config: { ratedPowerKw: 0.75 },
  },
  {
    typeKey: 'inverter',
    name: '稻田灌溉变频器',
    eui: 'SIM-INV-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [40, -30],
    config: { givenPressure: 3.5, ratedPowerKw: 5.5 },
  },
  {
    typeKey: 'pest-station',
    name: '稻田虫情测报站',
    eui: 'SIM-PS-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [30, 20],
    iccid: ICCID(8),
    config: { photoIntervalMin: 60, durationMin: 600 },
  },
  {
    typeKey: 'pest-lamp',
    name: '蔬菜地杀虫灯1号',
    eui: 'SIM-PL-PY01',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [-40, 0],
    config: { ratedPowerKw: 0.03 },
  },
  {
    typeKey: 'pest-lamp',
    name: '蔬菜地杀虫灯2号',
    eui: 'SIM-PL-PY02',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [40, -20],
    config: { ratedPowerKw: 0.03 },
  },
  {
    typeKey: 'forecast-lamp',
    name: '稻田性诱测报灯',
    eui: 'SIM-FL-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [-40, 30],
    iccid: ICCID(9),
    config: { photoIntervalMin: 60, durationMin: 600 },
  },
  {
    typeKey: 'spore-meter',
    name: '蔬菜地孢子仪',
    eui: 'SIM-SP-PY01',
    base: PANYU,
    plot: '西片蔬菜地',
    offset: [10, -25],
    iccid: ICCID(10),
    config: { photoIntervalMin: 120, durationMin: 720 },
  },
  {
    typeKey: 'lorawan-gateway',
    name: '番禺 LoRaWAN 网关',
    eui: 'SIM-LWG-PY01',
    base: PANYU,
    offset: [-60, 0],
  },
  {
    typeKey: 'lorawan-node',
    name: '2号大棚温湿度节点A',
    eui: 'SIM-LWN-PY01',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [-15, 5],
    parent: 'SIM-LWG-PY01',
  },
  {
    typeKey: 'lorawan-node',
    name: '2号大棚温湿度节点B',
    eui: 'SIM-LWN-PY02',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [15, 5],
    parent: 'SIM-LWG-PY01',
  },
  {
    typeKey: 'lora-4g',
    name: '2号大棚 4G LoRa 网关',
    eui: 'SIM-4G-PY01',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [30, -10],
    iccid: ICCID(11),
    switches: [
      { name: '育苗床喷淋', circuit: 1, switchType: 'regular', icon: 'CloudOutlined' },
      { name: '侧窗电机', circuit: 2, switchType: 'motorised', icon: 'ColumnHeightOutlined' },
    ],
  },
  {
    typeKey: 'acquisition-control',
    name: '2号大棚采集控制器',
    eui: 'SIM-RTU-PY01',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [0, 15],
  },
  { typeKey: 'network-power', name: '监控杆网络电源', eui: 'SIM-NP-PY01', base: PANYU, offset: [-80, 20] },
  { typeKey: 'led-screen', name: '基地入口显示屏', eui: 'SIM-LED-PY01', base: PANYU, offset: [-100, -20] },
  {
    typeKey: 'robotic-arm',
    name: '1号大棚巡检机械臂',
    eui: 'SIM-ARM-PY01',
    base: PANYU,
    plot: '1号温室大棚',
    offset: [0, 15],
  },
  {
    typeKey: 'seeder',
    name: '育苗播种机',
    eui: 'SIM-SD-PY01',
    base: PANYU,
    plot: '2号温室大棚',
    offset: [10, -15],
  },
  {
    typeKey: 'farm-machine',
    name: '1号拖拉机',
    eui: 'SIM-FM-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [-90, -60],
    iccid: ICCID(12),
    config: { fuelRateLPerH: 6 },
  },
  {
    typeKey: 'flow-meter',
    name: '灌渠综合测速仪',
    eui: 'SIM-FLOW-PY01',
    base: PANYU,
    plot: '东片水稻田',
    offset: [90, -40],
  },
  // ---- 南沙水产基地: ponds ----
  {
    typeKey: 'weather-station',
    name: '南沙气象站',
    eui: 'SIM-WS-NS01',
    base: NANSHA,
    offset: [0, 100],
    iccid: ICCID(13),
    config: { uploadPeriodMin: 10 },
  },
  {
    typeKey: 'water-quality',
    name: '1号鱼塘水质站',
    eui: 'SIM-WQ-NS01',
    base: NANSHA,
    plot: '1号鱼塘',
    offset: [0, 0],
    iccid: ICCID(14),
    config: { uploadPeriodMin: 10 },
  },
  {
    typeKey: 'water-quality',
    name: '2号鱼塘水质站',
    eui: 'SIM-WQ-NS02',
    base: NANSHA,
    plot: '2号鱼塘',
    offset: [0, 0],
    iccid: ICCID(15),
    config: { uploadPeriodMin: 10 },
  },
  {
    typeKey: 'aerator',
    name: '1号鱼塘增氧控制器',
    eui: 'SIM-AER-NS01',
    base: NANSHA,
    plot: '1号鱼塘',
    offset: [-30, 20],
    config: { ratedPowerKw: 1.5 },
    iccid: ICCID(16),
    pumps: [
      { port: 1, name: '1号增氧泵' },
      { port: 2, name: '2号增氧泵' },
      { port: 3, name: '3号增氧泵' },
    ],
  },
  {
    typeKey: 'aerator',
    name: '2号鱼塘增氧控制器',
    eui: 'SIM-AER-NS02',
    base: NANSHA,
    plot: '2号鱼塘',
    offset: [20, -20],
    config: { ratedPowerKw: 1.5 },
    pumps: [
      { port: 1, name: '叶轮增氧机' },
      { port: 2, name: '水车增氧机' },
    ],
  },
  {
    typeKey: 'sluice-gate',
    name: '1号鱼塘进水闸',
    eui: 'SIM-GATE-NS01',
    base: NANSHA,
    plot: '1号鱼塘',
    offset: [-70, 0],
    config: { opening: 20 },
  },
  {
    typeKey: 'gateway',
    name: '南沙泵房网关',
    eui: 'SIM-GW-NS01',
    base: NANSHA,
    offset: [-40, 60],
    iccid: ICCID(17),
    switches: [
      { name: '进水泵', circuit: 1, switchType: 'regular', icon: 'ThunderboltOutlined' },
      { name: '排水泵', circuit: 2, switchType: 'regular', icon: 'ThunderboltOutlined' },
      { name: '投饵机', circuit: 3, switchType: 'regular', icon: 'AppstoreOutlined' },
    ],
  },
];
