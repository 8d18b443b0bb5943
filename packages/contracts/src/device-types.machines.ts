import {
  command,
  crudCodes,
  type DeviceTypeDef,
  ENABLED_DISABLED,
  fault,
  flag,
  metric,
  ON_OFF,
  param,
  running,
  SILENCE_MOVING_SEC,
  SILENCE_POWERED_SEC,
  uploadPeriodCommand,
} from './device-types.def.js';

// Moving machines: the robotic arm, seeders and farm machines (split from device-types.control.ts).

export const MACHINE_DEVICE_TYPES: readonly DeviceTypeDef[] = [
  {
    key: 'robotic-arm',
    route: '/web/equipment/robotic-arm',
    icon: 'RobotOutlined',
    name: { 'zh-CN': '机械臂', 'en-US': 'Robotic arm' },
    family: 'machine',
    legacyKeys: ['mar'],
    permissions: crudCodes('robotic-arm'),
    // Spec 02 §7: cruise labels mention R, Y and Z axes, speeds and stay duration.
    metrics: [
      metric('axisR', '°', 'R轴角度', 'R axis', -360, 360, 1),
      metric('axisY', 'mm', 'Y轴位置', 'Y axis', 0, 100_000, 0),
      metric('axisZ', 'mm', 'Z轴位置', 'Z axis', 0, 10_000, 0),
      running,
      fault,
      flag('powerOn', '电源开关', 'Power on', ON_OFF),
      flag('motionOn', '运动开关', 'Motion enabled', ENABLED_DISABLED),
      // Axis travel the arm reports on callConfig (kept in its config as yTravelMm / zTravelMm).
      metric('yTravel', 'mm', 'Y轴行程', 'Y axis travel', 0, 100_000, 0),
      metric('zTravel', 'mm', 'Z轴行程', 'Z axis travel', 0, 10_000, 0),
    ],
    commands: [
      command('callPreset', '调用预置点', 'Go to preset', [
        param('preset', 'integer', 'Preset number', { min: 1, max: 255 }),
      ]),
      command('cruise', '巡航', 'Cruise', [
        param('cruise', 'integer', 'Cruise route number', { min: 1, max: 255 }),
        param('run', 'boolean', 'true starts, false stops the cruise'),
      ]),
      command('stop', '停止', 'Stop'),
      command('capture', '拍照', 'Take a photo'),
      // Spec 02 §7 /device/mar ctrl-switch, call-status, call-config, camera-control, restart-img, update-img.
      command('ctrlSwitch', '开关控制', 'Power / motion switch', [
        param('target', 'integer', '1 power, 2 motion', { values: [1, 2] }),
        param('on', 'boolean', 'true switches on, false off'),
      ]),
      command('callStatus', '读取状态', 'Read status'),
      command('callConfig', '读取配置', 'Read configuration'),
      command('ptz', '云台控制', 'Camera pan-tilt', [
        param('direction', 'integer', '0 up … 7 right-bottom, 8 zoom in, 9 zoom out, -1 stop', {
          values: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        }),
      ]),
      command('restartImg', '重启图像服务', 'Restart image service'),
      command('updateImg', '更新图像服务', 'Update image service'),
    ],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'seeder',
    route: '/web/equipment/seeding',
    icon: 'ShakeOutlined',
    name: { 'zh-CN': '育苗播种机', 'en-US': 'Seeding machine' },
    family: 'machine',
    legacyKeys: [],
    permissions: crudCodes('seeding'),
    metrics: [
      metric('traysDone', '', '完成盘数', 'Trays done', 0, 1e7, 0),
      metric('traysPerHour', '', '播种速度', 'Trays per hour', 0, 5000, 0),
      metric('missRate', '%', '漏播率', 'Miss rate', 0, 100, 1),
      running,
      fault,
    ],
    commands: [command('start', '启动', 'Start'), command('stop', '停止', 'Stop')],
    silenceTimeoutSec: SILENCE_POWERED_SEC,
  },
  {
    key: 'farm-machine',
    route: '/web/equipment/farmmachinery',
    icon: 'CarOutlined',
    name: { 'zh-CN': '农机', 'en-US': 'Farm machine' },
    family: 'machine',
    // Spec 02 §3 lists a 'location' type; a GPS tracker on a machine is the likely meaning.
    legacyKeys: ['location'],
    permissions: crudCodes('farmmachinery'),
    metrics: [
      metric('lat', '°', '纬度', 'Latitude', -90, 90, 6),
      metric('lng', '°', '经度', 'Longitude', -180, 180, 6),
      metric('speed', 'km/h', '速度', 'Speed', 0, 80, 1),
      metric('heading', '°', '航向', 'Heading', 0, 360, 0),
      metric('engineRpm', 'rpm', '发动机转速', 'Engine speed', 0, 5000, 0),
      metric('fuelLevel', '%', '油量', 'Fuel level', 0, 100, 0),
      metric('workArea', 'ha', '作业面积', 'Worked area', 0, 100_000, 2),
      // The machine's hour meter: what the status screen shows as worked hours.
      metric('engineHours', 'h', '作业时长', 'Worked hours', 0, 1_000_000, 1),
      fault,
    ],
    commands: [uploadPeriodCommand],
    silenceTimeoutSec: SILENCE_MOVING_SEC,
  },
];
