import {
  airHumidity,
  airTemp,
  codes,
  command,
  crudCodes,
  type DeviceTypeDef,
  fault,
  flag,
  lampOn,
  metric,
  NORMAL_FAULT,
  ON_OFF,
  OPEN_CLOSED,
  onOffCommands,
  param,
  rainFlag,
  rssi,
  running,
  SILENCE_POWERED_SEC,
  supplyVoltage,
  switchCommand,
  uploadPeriodCommand,
} from './device-types.def.js';

// Device types that are switched, set or relay others: lamps, pumps, valves, gates, gateways, machines.

/** Spec 02 §5: control duration 60 to 480 minutes. */
const durationParam = param('durationMin', 'integer', 'Run time in minutes, then stop', {
  min: 60,
  max: 480,
  required: false,
});
const ec = metric('ec', 'mS/cm', '电导率', 'EC', 0, 20, 2);
const ph = metric('ph', '', 'pH', 'pH', 0, 14, 2);
const pressure = metric('pressure', 'bar', '压力', 'Pressure', 0, 16, 2);
const flowRate = metric('flowRate', 'm³/h', '瞬时流量', 'Flow rate', 0, 1000, 2);
const totalFlow = metric('totalFlow', 'm³', '累计流量', 'Total flow', 0, 1e9, 1);
const uptime = metric('uptime', 's', '运行时长', 'Uptime', 0, 1e10, 0);

/** Aerators: at most 4 pumps per regulator (spec 02 §5), one port each. */
const aeratorPorts = [1, 2, 3, 4].flatMap((p) => [
  flag(`pump${p}On`, `${p}号泵开关`, `Pump ${p} on`, ON_OFF),
  flag(`pump${p}Fault`, `${p}号泵故障`, `Pump ${p} fault`, NORMAL_FAULT),
  metric(`pump${p}Current`, 'A', `${p}号泵电流`, `Pump ${p} current`, 0, 200, 1),
]);

export const CONTROL_DEVICE_TYPES: readonly DeviceTypeDef[] = [
  {
    key: 'pest-lamp',
    route: '/web/equipment/pest-lamp',
    icon: 'AlertOutlined',
    name: { 'zh-CN': '杀虫灯', 'en-US': 'Insecticidal lamp' },
    family: 'actuator',
    // Spec 02 §3: insectSituationLamp_V and insectSituationLampIII grouped as pest lamp.
    legacyKeys: ['insectSituationLamp_V', 'insectSituationLampIII'],
    permissions: crudCodes('pest-lamp'),
    metrics: [
      metric('killCount', '', '杀虫数', 'Kill count', 0, 1_000_000, 0),
      lampOn,
      rainFlag,
      supplyVoltage,
      airTemp,
      airHumidity,
    ],
    commands: [
      ...onOffCommands,
      command('schedule', '定时设置', 'Schedule', [
        param('startHour', 'integer', 'Hour the lamp turns on (local time)', { min: 0, max: 23 }),
        param('endHour', 'integer', 'Hour the lamp turns off (local time)', { min: 0, max: 23 }),
      ]),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'inverter',
    route: '/web/equipment/transducer',
    icon: 'ThunderboltOutlined',
    name: { 'zh-CN': '变频器', 'en-US': 'Inverter' },
    family: 'actuator',
    legacyKeys: ['inverter'],
    permissions: crudCodes('transducer'),
    metrics: [
      pressure,
      metric('setPressure', 'bar', '给定压力', 'Set pressure', 0, 16, 2),
      metric('frequency', 'Hz', '频率', 'Frequency', 0, 400, 1),
      metric('current', 'A', '电流', 'Current', 0, 1000, 1),
      metric('voltage', 'V', '电压', 'Voltage', 0, 1000, 0),
      metric('power', 'kW', '功率', 'Power', 0, 1000, 2),
      running,
      fault,
    ],
    commands: [
      command('start', '启动', 'Start', [durationParam]),
      command('stop', '停止', 'Stop'),
      // Spec 02 §5: given pressure 0 to 16 and above 0.
      command(
        'setPressure',
        '设定压力',
        'Set pressure',
        [param('pressure', 'number', 'Target pressure in bar', { min: 0, max: 16 })],
        'pressure > 0',
      ),
      // Spec 02 §7 inverter/{id}/refresh: the inverter answers with its current values in the ack.
      command('refresh', '刷新', 'Refresh'),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'water-fertilizer',
    route: '/web/equipment/waterFertilizer',
    icon: 'ExperimentOutlined',
    name: { 'zh-CN': '水肥一体机', 'en-US': 'Fertigation machine' },
    family: 'machine',
    legacyKeys: ['waterFertilizer'],
    permissions: crudCodes('waterFertilizer'),
    metrics: [
      ec,
      ph,
      pressure,
      flowRate,
      totalFlow,
      metric('tankLevel', '%', '肥桶液位', 'Tank level', 0, 100, 0),
      running,
      fault,
    ],
    commands: [
      command('startProgram', '启动程序', 'Start program', [
        param('program', 'integer', 'Irrigation program number', { min: 1, max: 99 }),
        durationParam,
      ]),
      command('stop', '停止', 'Stop'),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'inject-fertilizer',
    route: '/web/equipment/inject-fertilizer',
    icon: 'MedicineBoxOutlined',
    name: { 'zh-CN': '注肥机', 'en-US': 'Injection fertilizer machine' },
    family: 'machine',
    legacyKeys: ['injection'],
    permissions: crudCodes('inject-fertilizer'),
    metrics: [
      ec,
      ph,
      metric('injectionRate', 'L/h', '注肥速率', 'Injection rate', 0, 5000, 1),
      metric('totalInjected', 'L', '累计注肥量', 'Total injected', 0, 1e9, 1),
      running,
      fault,
    ],
    commands: [
      command('start', '启动', 'Start', [
        param('rateLph', 'number', 'Injection rate in L/h', { min: 0, max: 5000, required: false }),
        durationParam,
      ]),
      command('stop', '停止', 'Stop'),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'gateway',
    route: '/web/equipment/gateway',
    icon: 'ClusterOutlined',
    name: { 'zh-CN': '网关', 'en-US': 'Gateway' },
    family: 'gateway',
    legacyKeys: ['gateway'],
    // Spec 02 §6: switch control on the gateway dialog is wfpf.farm.equipment.gateway.ps.delCollection.
    permissions: codes(
      'wfpf.farm.equipment.gateway',
      'wfpf.farm.equipment.gateway.ps.create',
      'wfpf.farm.equipment.gateway.ps.edit',
      'wfpf.farm.equipment.gateway.ps.delete',
      'wfpf.farm.equipment.gateway.ps.delCollection',
    ),
    // A general gateway relays any collected value; its own health values are listed here and its
    // collection items (spec 02 §3 'collected datum') are registered per device in the IoT issue.
    metrics: [rssi, supplyVoltage, uptime, airTemp, airHumidity],
    commands: [switchCommand, uploadPeriodCommand, command('refresh', '刷新', 'Refresh')],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'lora-4g',
    route: '/web/equipment/lora-gateway',
    icon: 'SignalFilled',
    name: { 'zh-CN': '4G LoRa 节点与网关', 'en-US': '4G LoRa node and gateway' },
    family: 'gateway',
    legacyKeys: ['4GLora_node'],
    permissions: crudCodes('lora-gateway'),
    metrics: [rssi, supplyVoltage, uptime],
    commands: [switchCommand, uploadPeriodCommand, command('refresh', '刷新', 'Refresh')],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'lorawan-gateway',
    route: '/web/equipment/lorawan-gateway',
    icon: 'WifiOutlined',
    name: { 'zh-CN': 'LoRaWAN 网关', 'en-US': 'LoRaWAN gateway' },
    family: 'gateway',
    legacyKeys: ['lorawan_gateway'],
    permissions: crudCodes('lorawan-gateway'),
    metrics: [
      metric('rxPackets', '', '上行包数', 'Uplink packets', 0, 1e9, 0),
      metric('txPackets', '', '下行包数', 'Downlink packets', 0, 1e9, 0),
      uptime,
    ],
    commands: [command('refresh', '刷新', 'Refresh')],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'acquisition-control',
    route: '/web/equipment/acquisition-control',
    icon: 'ControlOutlined',
    name: { 'zh-CN': '采集控制器', 'en-US': 'Acquisition controller' },
    family: 'gateway',
    legacyKeys: [],
    permissions: crudCodes('acquisition-control'),
    // An RTU (spec 02 §7 'rtu refresh-status, write-config, strategy'): 4 analog inputs, 4 relays.
    metrics: [
      ...[1, 2, 3, 4].map((i) => metric(`ai${i}`, 'mA', `模拟量${i}`, `Analog in ${i}`, 0, 24, 2)),
      ...[1, 2, 3, 4].map((i) => flag(`relay${i}`, `继电器${i}`, `Relay ${i}`, ON_OFF)),
      supplyVoltage,
    ],
    commands: [switchCommand, uploadPeriodCommand],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'aerator',
    route: '/web/equipment/aerator',
    icon: 'DeploymentUnitOutlined',
    name: { 'zh-CN': '增氧机', 'en-US': 'Aerator' },
    family: 'actuator',
    legacyKeys: ['aerator_ii'],
    permissions: codes(
      'wfpf.farm.equipment.aerator',
      'wfpf.farm.equipment.aerator.ps.addDevice',
      'wfpf.farm.equipment.aerator.ps.editDevice',
      'wfpf.farm.equipment.aerator.ps.delDevice',
      'wfpf.farm.equipment.aerator.ps.control',
    ),
    metrics: [...aeratorPorts, metric('dissolvedOxygen', 'mg/L', '溶解氧', 'Dissolved oxygen', 0, 25, 2)],
    commands: [
      command('pump', '增氧泵开关', 'Pump switch', [
        param('port', 'integer', 'Pump port on the regulator', { min: 1, max: 4 }),
        param('on', 'boolean', 'true starts the pump'),
      ]),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'electric-valve',
    route: '/web/equipment/electric-valve',
    icon: 'SwapOutlined',
    name: { 'zh-CN': '电磁阀', 'en-US': 'Electric valve' },
    family: 'actuator',
    legacyKeys: ['electric_valve'],
    permissions: crudCodes('electric-valve'),
    metrics: [
      flag('valveOpen', '阀门状态', 'Valve open', OPEN_CLOSED),
      // Spec 02 §5: liquid level 0 to 50000 cm.
      metric('liquidLevel', 'cm', '液位', 'Liquid level', 0, 50_000, 1),
      flowRate,
      supplyVoltage,
    ],
    commands: [
      command('open', '开阀', 'Open', [durationParam]),
      command('close', '关阀', 'Close'),
      command(
        'setLevels',
        '液位阈值',
        'Level thresholds',
        [
          param('lowCm', 'integer', 'Open below this level', { min: 0, max: 50_000 }),
          param('highCm', 'integer', 'Close above this level', { min: 0, max: 50_000 }),
        ],
        'highCm − lowCm ≥ 10',
      ),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'sluice-gate',
    route: '/web/equipment/value-regulated',
    icon: 'SlidersOutlined',
    name: { 'zh-CN': '闸门', 'en-US': 'Sluice gate' },
    family: 'actuator',
    legacyKeys: [],
    permissions: crudCodes('value-regulated'),
    metrics: [
      metric('opening', '%', '开度', 'Opening', 0, 100, 0),
      metric('upstreamLevel', 'cm', '闸前水位', 'Upstream level', 0, 5000, 1),
      metric('downstreamLevel', 'cm', '闸后水位', 'Downstream level', 0, 5000, 1),
      fault,
    ],
    commands: [
      // Spec 02 §5: sluice gate opening 1 to 100.
      command('setOpening', '设定开度', 'Set opening', [
        param('opening', 'integer', 'Opening in percent', { min: 1, max: 100 }),
      ]),
      command('close', '关闸', 'Close'),
      command('stop', '停止', 'Stop'),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'network-power',
    route: '/web/equipment/networkPower',
    icon: 'PoweroffOutlined',
    name: { 'zh-CN': '网络电源', 'en-US': 'Network power switch' },
    family: 'actuator',
    legacyKeys: [],
    permissions: crudCodes('networkPower'),
    metrics: [
      metric('voltage', 'V', '电压', 'Voltage', 0, 400, 1),
      metric('current', 'A', '电流', 'Current', 0, 100, 2),
      metric('power', 'W', '功率', 'Power', 0, 50_000, 0),
      metric('energy', 'kWh', '用电量', 'Energy', 0, 1e9, 2),
      ...[1, 2, 3, 4].map((i) => flag(`outlet${i}`, `插座${i}`, `Outlet ${i}`, ON_OFF)),
    ],
    commands: [
      command('outlet', '插座开关', 'Outlet switch', [
        param('outlet', 'integer', 'Outlet number', { min: 1, max: 4 }),
        param('on', 'boolean', 'true powers the outlet'),
      ]),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'led-screen',
    route: '/web/equipment/screenManagement',
    icon: 'DesktopOutlined',
    name: { 'zh-CN': '显示屏', 'en-US': 'Display screen' },
    family: 'actuator',
    legacyKeys: [],
    permissions: crudCodes('screenManagement'),
    metrics: [
      flag('screenOn', '屏幕状态', 'Screen on', ON_OFF),
      metric('brightness', '%', '亮度', 'Brightness', 0, 100, 0),
    ],
    commands: [
      ...onOffCommands,
      command('setBrightness', '设置亮度', 'Set brightness', [
        param('brightness', 'integer', 'Brightness in percent', { min: 0, max: 100 }),
      ]),
      command('showText', '显示文字', 'Show text', [
        param('text', 'string', 'Text to show, at most 200 characters', { max: 200 }),
      ]),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
];
