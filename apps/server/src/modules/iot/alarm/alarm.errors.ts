import { defineErrors } from '../../../platform/errors.js';

export const AlarmErrors = defineErrors({
  ruleNotFound: {
    status: 404,
    code: 'wfpe.alarm.ruleNotFound',
    message: { 'zh-CN': '告警规则不存在或已被删除', 'en-US': 'No such alert rule, or it was deleted' },
  },
  alarmNotFound: {
    status: 404,
    code: 'wfpe.alarm.notFound',
    message: { 'zh-CN': '告警不存在', 'en-US': 'No such alert' },
  },
  staffNotFound: {
    status: 404,
    code: 'wfpe.alarm.staffNotFound',
    message: { 'zh-CN': '告警联系人不存在或已被删除', 'en-US': 'No such alert contact, or it was deleted' },
  },
  deviceNotFound: {
    status: 400,
    code: 'wfpe.alarm.deviceNotFound',
    message: { 'zh-CN': 'deviceId：设备不存在', 'en-US': 'deviceId: no such device' },
  },
  unknownType: {
    status: 400,
    code: 'wfpe.alarm.unknownType',
    message: { 'zh-CN': 'typeKey：没有这种设备类型', 'en-US': 'typeKey: no such device type' },
  },
  typeMismatch: {
    status: 400,
    code: 'wfpe.alarm.typeMismatch',
    message: {
      'zh-CN': 'typeKey：与设备的类型（{typeKey}）不一致',
      'en-US': "typeKey: does not match the device's type ({typeKey})",
    },
  },
  unknownMetric: {
    status: 400,
    code: 'wfpe.alarm.unknownMetric',
    message: {
      'zh-CN': 'metric：“{metric}”不是该设备类型的监测项',
      'en-US': 'metric: "{metric}" is not a metric of this device type',
    },
  },
  thresholdOutOfRange: {
    status: 400,
    code: 'wfpe.alarm.thresholdOutOfRange',
    message: {
      'zh-CN': 'threshold：应在 {min} 到 {max} 之间',
      'en-US': 'threshold: must be between {min} and {max}',
    },
  },
  offlineHasMetric: {
    status: 400,
    code: 'wfpe.alarm.offlineHasMetric',
    message: {
      'zh-CN': '离线告警不需要监测项、比较方式和阈值',
      'en-US': 'An offline rule takes no metric, op or threshold',
    },
  },
  staffUnknown: {
    status: 400,
    code: 'wfpe.alarm.staffUnknown',
    message: { 'zh-CN': 'staffIds：联系人 {id} 不存在', 'en-US': 'staffIds: no contact {id}' },
  },
  userNotMember: {
    status: 400,
    code: 'wfpe.alarm.userNotMember',
    message: {
      'zh-CN': 'userId：该用户不是本企业成员',
      'en-US': 'userId: the user is not a member of this enterprise',
    },
  },
  staffNameTaken: {
    status: 409,
    code: 'wfpe.alarm.staffNameTaken',
    message: {
      'zh-CN': '已有名为“{name}”的告警联系人',
      'en-US': 'There is already an alert contact named "{name}"',
    },
  },
});
