import { defineErrors } from '../../../platform/errors.js';

export const ControlErrors = defineErrors({
  deviceNotFound: {
    status: 404,
    code: 'wfpe.device.notFound',
    message: {
      'zh-CN': '设备不存在，请检查序列号',
      'en-US': 'The device does not exist; check the serial number',
    },
  },
  commandNotFound: {
    status: 404,
    code: 'wfpe.command.notFound',
    message: { 'zh-CN': '指令不存在', 'en-US': 'No such command' },
  },
  notConnected: {
    status: 409,
    code: 'wfpe.device.notConnected',
    message: { 'zh-CN': '设备未连接', 'en-US': 'device not connected' },
  },
  notControllable: {
    status: 400,
    code: 'wfpe.command.notControllable',
    message: {
      'zh-CN': '该类型设备不接受指令',
      'en-US': 'This type of device accepts no commands',
    },
  },
  invalidCommand: {
    status: 400,
    code: 'wfpe.command.invalid',
    message: { 'zh-CN': '指令不正确：{detail}', 'en-US': 'Invalid command: {detail}' },
  },
  channelNotFound: {
    status: 404,
    code: 'wfpe.channel.notFound',
    message: { 'zh-CN': '开关或端口不存在', 'en-US': 'No such switch or port' },
  },
  notGateway: {
    status: 400,
    code: 'wfpe.switch.notGateway',
    message: {
      'zh-CN': 'concentratorId：该设备不能挂接开关',
      'en-US': 'concentratorId: switches can only be added to gateways and controllers',
    },
  },
  relatedNotFound: {
    status: 400,
    code: 'wfpe.switch.relatedNotFound',
    message: { 'zh-CN': 'relatedDeviceId：设备不存在', 'en-US': 'relatedDeviceId: no such device' },
  },
  circuitTaken: {
    status: 409,
    code: 'wfpe.channel.circuitTaken',
    message: {
      'zh-CN': '回路 / 端口 {circuit} 已被占用',
      'en-US': 'Circuit / port {circuit} is already in use',
    },
  },
  switchValue: {
    status: 400,
    code: 'wfpe.switch.value',
    message: {
      'zh-CN': 'sw：{type} 开关只接受 {values}',
      'en-US': 'sw: a {type} switch accepts only {values}',
    },
  },
  switchMismatch: {
    status: 400,
    code: 'wfpe.switch.mismatch',
    message: {
      'zh-CN': '{field} 与开关登记的不一致',
      'en-US': '{field} does not match the registered switch',
    },
  },
  notRegulator: {
    status: 400,
    code: 'wfpe.aerator.notRegulator',
    message: { 'zh-CN': 'regulatorId：不是增氧机控制器', 'en-US': 'regulatorId: not an aerator regulator' },
  },
  tooManyPumps: {
    status: 409,
    code: 'wfpe.aerator.tooManyPumps',
    message: {
      'zh-CN': '每个控制器最多 {max} 台增氧泵',
      'en-US': 'A regulator takes at most {max} aerator pumps',
    },
  },
});
