import { defineErrors } from '../../../platform/errors.js';
import { DeviceErrors } from '../device/index.js';

export const FamilyErrors = defineErrors({
  deviceNotFound: {
    status: 404,
    code: 'wfpe.device.notFound',
    message: {
      'zh-CN': '设备不存在，请检查序列号',
      'en-US': 'The device does not exist; check the serial number',
    },
  },
  settingNotFound: {
    status: 404,
    code: 'wfpe.device.setting.notFound',
    message: { 'zh-CN': '该设置不存在或已被删除', 'en-US': 'No such setting, or it was deleted' },
  },
  // The same fault as the registry's config check: one code, wfpe.device.configInvalid.
  configInvalid: DeviceErrors.defs.configInvalid,
  settingInvalid: {
    status: 400,
    code: 'wfpe.device.setting.invalid',
    message: { 'zh-CN': '设置内容不正确：{detail}', 'en-US': 'Invalid setting: {detail}' },
  },
  numberTaken: {
    status: 409,
    code: 'wfpe.device.setting.numberTaken',
    message: {
      'zh-CN': '编号 {number} 已被该设备的其他设置使用',
      'en-US': 'Number {number} is already used by another setting of this device',
    },
  },
  noSuchCommand: {
    status: 400,
    code: 'wfpe.device.command.unsupported',
    message: {
      'zh-CN': '该类型的设备不支持此操作',
      'en-US': 'Devices of this type do not support this operation',
    },
  },
  badTime: {
    status: 400,
    code: 'wfpe.device.history.time',
    message: {
      'zh-CN': '时间格式不正确或结束时间早于开始时间',
      'en-US': 'The time is not valid, or the end is before the start',
    },
  },
  rangeTooLong: {
    status: 400,
    code: 'wfpe.device.history.range',
    message: {
      'zh-CN': '时间范围不能超过 {days} 天',
      'en-US': 'The time range may span at most {days} days',
    },
  },
  methodMissing: {
    status: 400,
    code: 'wfpe.device.setting.method',
    message: {
      'zh-CN': 'methodId：该设备没有这个施肥方式',
      'en-US': 'methodId: this machine has no such fertilisation method',
    },
  },
  faultNotFound: {
    status: 404,
    code: 'wfpe.device.fault.notFound',
    message: { 'zh-CN': '该告警不存在', 'en-US': 'No such alert' },
  },
});
