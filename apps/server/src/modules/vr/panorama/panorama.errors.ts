import { defineErrors } from '../../../platform/errors.js';

// Texts of spec 03 §5 where it gives them ('panorama cannot be smaller than 7M', 'cannot exceed {n}MB').

export const PanoramaErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.panorama.notFound',
    message: { 'zh-CN': '全景图不存在或已被删除', 'en-US': 'No such panorama, or it was deleted' },
  },
  notMultipart: {
    status: 400,
    code: 'wfpf.panorama.notMultipart',
    message: {
      'zh-CN': '请以 multipart/form-data 上传一个全景图文件',
      'en-US': 'Upload one panorama file as multipart/form-data',
    },
  },
  noFile: {
    status: 400,
    code: 'wfpf.panorama.noFile',
    message: { 'zh-CN': '全景图不能为空', 'en-US': 'The panorama cannot be empty' },
  },
  tooSmall: {
    status: 400,
    code: 'wfpf.panorama.tooSmall',
    message: { 'zh-CN': '全景图不能小于7M', 'en-US': 'panorama cannot be smaller than 7M' },
  },
  tooLarge: {
    status: 413,
    code: 'wfpf.panorama.tooLarge',
    message: { 'zh-CN': '全景图不能超过{n}MB', 'en-US': 'cannot exceed {n}MB' },
  },
  notImage: {
    status: 415,
    code: 'wfpf.panorama.type',
    message: {
      'zh-CN': '全景图只支持 JPG 或 PNG 图片',
      'en-US': 'A panorama must be a JPG or PNG image',
    },
  },
  unreadable: {
    status: 415,
    code: 'wfpf.panorama.unreadable',
    message: {
      'zh-CN': '无法读取该图片的尺寸，文件可能已损坏',
      'en-US': 'The size of this image cannot be read; the file may be damaged',
    },
  },
  notEquirectangular: {
    status: 400,
    code: 'wfpf.panorama.ratio',
    message: {
      'zh-CN': '全景图须为宽高比 2:1 的等距柱状投影图片，此图片为 {width}×{height}',
      'en-US':
        'A panorama must be an equirectangular image twice as wide as high; this one is {width}×{height}',
    },
  },
  tooManyPixels: {
    status: 413,
    code: 'wfpf.panorama.tooManyPixels',
    message: {
      'zh-CN': '全景图尺寸过大（{width}×{height}，约 {mp} 百万像素），最大支持 {max} 百万像素',
      'en-US':
        'The panorama is too large ({width}×{height}, about {mp} megapixels); at most {max} megapixels',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.panorama.inUse',
    message: {
      'zh-CN': '全景图“{name}”正被{whereZh}使用，不能删除，请先删除这些场景或改为停用',
      'en-US':
        'The panorama "{name}" is used by {whereEn} and cannot be deleted; remove those scenes or disable it',
    },
  },
  // Stored in `error` of a failed row (by code) and worded when read.
  failedUnreadable: {
    status: 422,
    code: 'wfpf.panorama.failed.unreadable',
    message: {
      'zh-CN': '全景图处理失败：图片无法解码',
      'en-US': 'Processing failed: the image cannot be decoded',
    },
  },
  failedLost: {
    status: 422,
    code: 'wfpf.panorama.failed.lost',
    message: {
      'zh-CN': '全景图处理失败：原图已丢失，请重新上传',
      'en-US': 'Processing failed: the original is gone; upload it again',
    },
  },
  failed: {
    status: 500,
    code: 'wfpf.panorama.failed',
    message: {
      'zh-CN': '全景图处理失败，请重新上传',
      'en-US': 'Processing failed; upload the panorama again',
    },
  },
});
