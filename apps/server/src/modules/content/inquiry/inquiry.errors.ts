import { defineErrors } from '../../../platform/errors.js';

// Expert inquiry errors (issue 19 item 5); a 400 names the field it is about.

export const InquiryErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inquiry.notFound',
    message: { 'zh-CN': '问诊不存在或无权查看', 'en-US': 'No such inquiry, or it is not yours to see' },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.inquiry.cropNotFound',
    message: { 'zh-CN': 'cropId：作物不存在', 'en-US': 'cropId: no such crop' },
  },
  landNotFound: {
    status: 400,
    code: 'wfpf.inquiry.landNotFound',
    message: { 'zh-CN': 'landId：地块不存在', 'en-US': 'landId: no such plot' },
  },
  batchNotOnLand: {
    status: 400,
    code: 'wfpf.inquiry.batchNotOnLand',
    message: {
      'zh-CN': 'batchId：该批次不在所选地块上',
      'en-US': 'batchId: no such batch on the chosen plot',
    },
  },
  photoNotFound: {
    status: 400,
    code: 'wfpf.inquiry.photoNotFound',
    message: {
      'zh-CN': 'photoFileIds：照片不存在，请重新上传',
      'en-US': 'photoFileIds: no such uploaded photo, upload it again',
    },
  },
  photoType: {
    status: 400,
    code: 'wfpf.inquiry.photoType',
    message: {
      'zh-CN': 'photoFileIds：照片只能是 JPG 或 PNG',
      'en-US': 'photoFileIds: photos must be JPG or PNG',
    },
  },
  photoTooLarge: {
    status: 400,
    code: 'wfpf.inquiry.photoTooLarge',
    message: {
      'zh-CN': 'photoFileIds：每张照片不能超过 10 MB',
      'en-US': 'photoFileIds: each photo may be at most 10 MB',
    },
  },
  closed: {
    status: 400,
    code: 'wfpf.inquiry.closed',
    message: { 'zh-CN': '问诊已关闭', 'en-US': 'The inquiry is closed' },
  },
  ratingRequired: {
    status: 400,
    code: 'wfpf.inquiry.ratingRequired',
    message: { 'zh-CN': 'rating：请为解答评分（1–5）', 'en-US': 'rating: rate the answer (1–5)' },
  },
  notStale: {
    status: 400,
    code: 'wfpf.inquiry.notStale',
    message: {
      'zh-CN': '只能关闭农户 {days} 天未回应的问诊',
      'en-US': 'An expert may close an inquiry only after the farmer has been silent for {days} days',
    },
  },
  notAsker: {
    status: 403,
    code: 'wfpf.inquiry.notAsker',
    message: { 'zh-CN': '只有提问的农户可以这样做', 'en-US': 'Only the farmer who asked may do this' },
  },
  nothingToPublish: {
    status: 400,
    code: 'wfpf.inquiry.nothingToPublish',
    message: {
      'zh-CN': '该问诊还没有专家解答，无法发布为文章',
      'en-US': 'The inquiry has no expert answer to publish as an article',
    },
  },
  notPool: {
    status: 403,
    code: 'wfpf.inquiry.notPool',
    message: {
      'zh-CN': '只有平台专家库的专家可以查看平台问诊',
      'en-US': "Only the platform's pool experts see inquiries sent to the platform",
    },
  },
});
