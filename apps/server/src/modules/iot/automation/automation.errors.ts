import { defineErrors } from '../../../platform/errors.js';

export const AutomationErrors = defineErrors({
  strategyNotFound: {
    status: 404,
    code: 'wfpe.intelligent.strategyNotFound',
    message: { 'zh-CN': '策略不存在或已被删除', 'en-US': 'No such strategy, or it was deleted' },
  },
  groupNotFound: {
    status: 404,
    code: 'wfpe.intelligent.groupNotFound',
    message: { 'zh-CN': '分组不存在或已被删除', 'en-US': 'No such group, or it was deleted' },
  },
  groupNameTaken: {
    status: 409,
    code: 'wfpe.intelligent.groupNameTaken',
    message: { 'zh-CN': '已有名为“{name}”的分组', 'en-US': 'There is already a group named "{name}"' },
  },
  groupInUse: {
    status: 409,
    code: 'wfpe.intelligent.groupInUse',
    message: {
      'zh-CN': '该分组仍被策略“{name}”使用，不能删除',
      'en-US': 'This group is used by the strategy "{name}" and cannot be deleted',
    },
  },
  deviceNotFound: {
    status: 400,
    code: 'wfpe.intelligent.deviceNotFound',
    message: { 'zh-CN': '{field}：设备 {id} 不存在', 'en-US': '{field}: no device {id}' },
  },
  channelNotFound: {
    status: 400,
    code: 'wfpe.intelligent.channelNotFound',
    message: {
      'zh-CN': 'members：通道 {id} 不属于设备 {deviceId}',
      'en-US': 'members: channel {id} does not belong to device {deviceId}',
    },
  },
  notActuator: {
    status: 400,
    code: 'wfpe.intelligent.notActuator',
    message: {
      'zh-CN': '{field}：“{name}”不是可控制的设备，控制分组只能包含执行设备',
      'en-US': '{field}: "{name}" cannot be controlled; control groups hold actuators only',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpe.intelligent.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  unknownMetric: {
    status: 400,
    code: 'wfpe.intelligent.unknownMetric',
    message: {
      'zh-CN': 'trigger.metric：“{metric}”不是该设备的监测项',
      'en-US': 'trigger.metric: "{metric}" is not a metric of this device',
    },
  },
  thresholdOutOfRange: {
    status: 400,
    code: 'wfpe.intelligent.thresholdOutOfRange',
    message: {
      'zh-CN': 'trigger.threshold：应在 {min} 到 {max} 之间',
      'en-US': 'trigger.threshold: must be between {min} and {max}',
    },
  },
  notWeatherStation: {
    status: 400,
    code: 'wfpe.intelligent.notWeatherStation',
    message: {
      'zh-CN': 'guards：“{name}”不能判断降雨（需要气象站或带雨量/雨控的设备）',
      'en-US': 'guards: "{name}" cannot tell rain (a weather station or a device reporting rainfall or rain)',
    },
  },
  unknownAction: {
    status: 400,
    code: 'wfpe.intelligent.unknownAction',
    message: {
      'zh-CN': 'action.action：“{name}”不支持命令“{action}”',
      'en-US': 'action.action: "{name}" has no command "{action}"',
    },
  },
  badParams: {
    status: 400,
    code: 'wfpe.intelligent.badParams',
    message: { 'zh-CN': 'action.params：{detail}', 'en-US': 'action.params: {detail}' },
  },
  notControlGroup: {
    status: 400,
    code: 'wfpe.intelligent.notControlGroup',
    message: {
      'zh-CN': 'action.targetId：只能对控制分组执行动作',
      'en-US': 'action.targetId: actions target control groups only',
    },
  },
  emptyGroup: {
    status: 400,
    code: 'wfpe.intelligent.emptyGroup',
    message: {
      'zh-CN': 'action.targetId：该分组没有设备',
      'en-US': 'action.targetId: the group has no devices',
    },
  },
});
