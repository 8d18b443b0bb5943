import { defineErrors } from '../../../platform/errors.js';

export const DeviceErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpe.device.notFound',
    message: {
      'zh-CN': '设备不存在，请检查序列号',
      'en-US': 'The device does not exist; check the serial number',
    },
  },
  euiTaken: {
    status: 409,
    code: 'wfpe.device.euiTaken',
    message: {
      'zh-CN': '序列号 {eui} 已被本企业同类型设备“{name}”使用',
      'en-US': 'Serial {eui} is already used by the device "{name}" of this type',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpe.device.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  landNotFound: {
    status: 400,
    code: 'wfpe.device.landNotFound',
    message: { 'zh-CN': 'landId：地块不存在', 'en-US': 'landId: no such land' },
  },
  landNotInArea: {
    status: 400,
    code: 'wfpe.device.landNotInArea',
    message: {
      'zh-CN': 'landId：该地块不属于所选基地',
      'en-US': 'landId: the land does not belong to the chosen base',
    },
  },
  landNeedsArea: {
    status: 400,
    code: 'wfpe.device.landNeedsArea',
    message: { 'zh-CN': '选择地块前请先选择基地', 'en-US': 'Choose a base before choosing a land' },
  },
  parentInvalid: {
    status: 400,
    code: 'wfpe.device.parentInvalid',
    message: {
      'zh-CN': 'parentId：所属网关不存在或不是网关类设备',
      'en-US': 'parentId: no such gateway, or the device is not a gateway',
    },
  },
  latLngPair: {
    status: 400,
    code: 'wfpe.device.latLngPair',
    message: {
      'zh-CN': '经度和纬度需同时填写或同时留空',
      'en-US': 'Give both latitude and longitude, or neither',
    },
  },
  configInvalid: {
    status: 400,
    code: 'wfpe.device.configInvalid',
    message: { 'zh-CN': '设备参数不正确：{detail}', 'en-US': 'Invalid device settings: {detail}' },
  },
  hasChildren: {
    status: 409,
    code: 'wfpe.device.hasChildren',
    message: {
      'zh-CN': '还有 {count} 台设备挂在该设备下，请先删除或转移它们',
      'en-US': '{count} device(s) still hang off this device; delete or move them first',
    },
  },
  unknownMetric: {
    status: 400,
    code: 'wfpe.device.unknownMetric',
    message: {
      'zh-CN': 'metric：该类型设备没有数据项 {metric}',
      'en-US': 'metric: this device type has no metric {metric}',
    },
  },
  badTime: {
    status: 400,
    code: 'wfpe.device.badTime',
    message: {
      'zh-CN': '{field}：时间不正确（YYYY-MM-DD HH:mm:ss）',
      'en-US': '{field}: not a valid time (YYYY-MM-DD HH:mm:ss)',
    },
  },
  badRange: {
    status: 400,
    code: 'wfpe.device.badRange',
    message: {
      'zh-CN': '结束时间须晚于开始时间，且跨度不超过 {years} 年',
      'en-US': 'The end time must be after the start time, at most {years} years later',
    },
  },
  baseRequired: {
    status: 400,
    code: 'wfpe.device.baseRequired',
    message: { 'zh-CN': '请选择基地', 'en-US': 'Please select base' },
  },
  landRequired: {
    status: 400,
    code: 'wfpe.device.landRequired',
    message: { 'zh-CN': '请选择地块', 'en-US': 'Please select land' },
  },
});
