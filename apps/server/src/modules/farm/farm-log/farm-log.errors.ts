import { defineErrors } from '../../../platform/errors.js';

export const FarmLogErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.log.notFound',
    message: { 'zh-CN': '日志不存在或已被删除', 'en-US': 'No such log, or it was deleted' },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.log.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  landNotFound: {
    status: 400,
    code: 'wfpf.log.landNotFound',
    message: { 'zh-CN': 'landId：地块不存在', 'en-US': 'landId: no such plot' },
  },
  areaMismatch: {
    status: 400,
    code: 'wfpf.log.areaMismatch',
    message: {
      'zh-CN': 'landId：所选地块不属于该基地',
      'en-US': 'landId: the plot belongs to another base',
    },
  },
  pictureNotFound: {
    status: 400,
    code: 'wfpf.log.pictureNotFound',
    message: {
      'zh-CN': 'pictures：图片“{url}”不是本企业上传的文件',
      'en-US': 'pictures: "{url}" is not a file uploaded to this enterprise',
    },
  },
  pictureNotImage: {
    status: 400,
    code: 'wfpf.log.pictureNotImage',
    message: {
      'zh-CN': 'pictures：文件“{url}”不是图片',
      'en-US': 'pictures: the file "{url}" is not an image',
    },
  },
  pictureDuplicate: {
    status: 400,
    code: 'wfpf.log.pictureDuplicate',
    message: {
      'zh-CN': 'pictures：同一张图片不能重复添加',
      'en-US': 'pictures: the same picture is listed twice',
    },
  },
  sourceIdRequired: {
    status: 400,
    code: 'wfpf.log.sourceIdRequired',
    message: {
      'zh-CN': 'sourceId：来源为设备或任务时必须填写来源编号',
      'en-US': 'sourceId: required when the source is a camera, device or task',
    },
  },
  sourceIdForManual: {
    status: 400,
    code: 'wfpf.log.sourceIdForManual',
    message: {
      'zh-CN': 'sourceId：手工记录的日志没有来源编号',
      'en-US': 'sourceId: a manual log has no source id',
    },
  },
  dateOrder: {
    status: 400,
    code: 'wfpf.log.dateOrder',
    message: {
      'zh-CN': 'endDate：开始日期不能晚于结束日期',
      'en-US': 'endDate: start date cannot be later than end date',
    },
  },
});
