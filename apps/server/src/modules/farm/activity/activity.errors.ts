import { defineErrors } from '../../../platform/errors.js';

export const ActivityErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.activity.notFound',
    message: { 'zh-CN': '活动不存在或已被删除', 'en-US': 'No such activity, or it was deleted' },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.activity.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  dateOrder: {
    status: 400,
    code: 'wfpf.activity.dateOrder',
    message: {
      'zh-CN': 'endTime：开始日期不能晚于结束日期',
      'en-US': 'endTime: start date cannot be later than end date',
    },
  },
});
