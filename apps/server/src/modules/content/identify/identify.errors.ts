import { defineErrors } from '../../../platform/errors.js';

// Spec 03 §5: 'recognition upload 10 MB, jpg or png'; §8: 'pest not recognised (common pests not detected,
// keep image clear)'.

/** Spec 03 §8's text, shown for a refused or uncertain answer. */
export const NOT_RECOGNISED = {
  'zh-CN': '未识别出病虫害（未检测到常见病虫害，请保持图片清晰）',
  'en-US': 'Pest not recognised (common pests not detected, keep the image clear)',
} as const;

export const NOT_CONFIGURED = {
  'zh-CN': '尚未配置识别模型，无法自动识别；可以把照片发给专家诊断',
  'en-US':
    'No identification model is configured, so photos cannot be identified automatically; ask an expert instead',
} as const;

export const IdentifyErrors = defineErrors({
  notMultipart: {
    status: 400,
    code: 'wfpf.identify.notMultipart',
    message: {
      'zh-CN': '请以 multipart/form-data 上传一张图片（字段 file）',
      'en-US': 'Upload one photo as multipart/form-data (field "file")',
    },
  },
  noFile: {
    status: 400,
    code: 'wfpf.identify.noFile',
    message: { 'zh-CN': '请上传一张图片', 'en-US': 'Upload a photo' },
  },
  tooLarge: {
    status: 400,
    code: 'wfpf.identify.tooLarge',
    message: { 'zh-CN': '图片不能超过{n}MB', 'en-US': 'The photo cannot exceed {n} MB' },
  },
  notImage: {
    status: 400,
    code: 'wfpf.identify.type',
    message: { 'zh-CN': '只支持 JPG 或 PNG 图片', 'en-US': 'Only JPG or PNG photos are accepted' },
  },
  unreadable: {
    status: 400,
    code: 'wfpf.identify.unreadable',
    message: {
      'zh-CN': '无法读取该图片，文件可能已损坏',
      'en-US': 'This photo cannot be read; the file may be damaged',
    },
  },
  tooManyPixels: {
    status: 400,
    code: 'wfpf.identify.pixels',
    message: {
      'zh-CN': '图片像素过多（{mp} 百万像素，最多 {max}）',
      'en-US': 'The photo has too many pixels ({mp} megapixels, at most {max})',
    },
  },
  busy: {
    status: 503,
    code: 'wfpf.identify.busy',
    message: {
      'zh-CN': '识别服务繁忙，请稍后重试',
      'en-US': 'Identification is busy, please try again shortly',
    },
  },
  failed: {
    status: 502,
    code: 'wfpf.identify.failed',
    message: {
      'zh-CN': '识别失败，请稍后重试或咨询专家',
      'en-US': 'Identification failed; try again later or ask an expert',
    },
  },
  notFound: {
    status: 404,
    code: 'wfpf.identify.notFound',
    message: { 'zh-CN': '识别记录不存在', 'en-US': 'No such identification' },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.identify.crop',
    message: { 'zh-CN': 'cropId：作物不存在', 'en-US': 'cropId: no such crop' },
  },
  knowledgeNotFound: {
    status: 404,
    code: 'wfpf.identify.knowledge.notFound',
    message: { 'zh-CN': '病虫害条目不存在', 'en-US': 'No such pest or disease entry' },
  },
  codeTaken: {
    status: 409,
    code: 'wfpf.identify.knowledge.codeTaken',
    message: { 'zh-CN': 'code：编码 {code} 已存在', 'en-US': 'code: {code} is already used' },
  },
  platformReadOnly: {
    status: 403,
    code: 'wfpf.identify.knowledge.platform',
    message: {
      'zh-CN': '平台条目不能删除；编辑会生成本企业的版本',
      'en-US': 'Platform entries cannot be deleted; editing one makes your own version',
    },
  },
  inputNotFound: {
    status: 400,
    code: 'wfpf.identify.knowledge.input',
    message: {
      'zh-CN': 'inputIds：农资 {id} 不存在',
      'en-US': 'inputIds: agricultural input {id} does not exist',
    },
  },
  imageNotFound: {
    status: 400,
    code: 'wfpf.identify.knowledge.image',
    message: {
      'zh-CN': 'images：图片 {id} 不是本企业的图片',
      'en-US': 'images: {id} is not a picture of this tenant',
    },
  },
});
