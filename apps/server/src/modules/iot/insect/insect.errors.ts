import { defineErrors } from '../../../platform/errors.js';

export const InsectErrors = defineErrors({
  deviceUnauthorized: {
    status: 401,
    code: 'wfpe.warn.insect.deviceAuth',
    message: {
      'zh-CN': '设备认证失败：请使用设备的 MQTT 用户名和密钥（HTTP Basic）',
      'en-US': 'Device authentication failed: send the device MQTT username and secret (HTTP Basic)',
    },
  },
  notMultipart: {
    status: 400,
    code: 'wfpe.warn.insect.notMultipart',
    message: {
      'zh-CN': '请以 multipart/form-data 上传图片（字段 file）',
      'en-US': 'Upload the photo as multipart/form-data (field "file")',
    },
  },
  noFile: {
    status: 400,
    code: 'wfpe.warn.insect.noFile',
    message: { 'zh-CN': '请选择要上传的图片', 'en-US': 'Choose a photo to upload' },
  },
  notPhoto: {
    status: 415,
    code: 'wfpe.warn.insect.notPhoto',
    message: { 'zh-CN': '仅支持 JPG 或 PNG 图片', 'en-US': 'Only JPG or PNG photos are accepted' },
  },
  unreadablePhoto: {
    status: 422,
    code: 'wfpe.warn.insect.unreadablePhoto',
    message: { 'zh-CN': '图片已损坏，无法识别', 'en-US': 'The photo is damaged and cannot be read' },
  },
  tooLarge: {
    status: 413,
    code: 'wfpe.warn.insect.tooLarge',
    message: { 'zh-CN': '上传文件不能超过{n}MB', 'en-US': 'Upload cannot exceed {n}MB' },
  },
  recordNotFound: {
    status: 404,
    code: 'wfpe.warn.insect.recordNotFound',
    message: { 'zh-CN': '虫情记录不存在或已被删除', 'en-US': 'Pest record not found, or already deleted' },
  },
  deviceNotFound: {
    status: 404,
    code: 'wfpe.warn.insect.deviceNotFound',
    message: {
      'zh-CN': '设备不存在，请检查序列号',
      'en-US': 'Device does not exist; check the serial number',
    },
  },
  areaNotFound: {
    status: 404,
    code: 'wfpe.warn.insect.areaNotFound',
    message: { 'zh-CN': '基地不存在或已被删除', 'en-US': 'Base not found, or already deleted' },
  },
  typeNotFound: {
    status: 404,
    code: 'wfpe.warn.insect.typeNotFound',
    message: { 'zh-CN': '虫害类型不存在', 'en-US': 'Insect type not found' },
  },
  noPhoto: {
    status: 400,
    code: 'wfpe.warn.insect.noPhoto',
    message: {
      'zh-CN': '该记录没有图片，无法标注或识别',
      'en-US': 'This record has no photo to draw on or identify',
    },
  },
  notManual: {
    status: 400,
    code: 'wfpe.warn.insect.notManual',
    message: {
      'zh-CN': '设备拍摄的记录请通过标注修改',
      'en-US': 'Records from a device are corrected by drawing on the photo',
    },
  },
  badTime: {
    status: 400,
    code: 'wfpe.warn.insect.badTime',
    message: { 'zh-CN': '时间格式不正确', 'en-US': 'The time is not valid' },
  },
  rangeOrder: {
    status: 400,
    code: 'wfpe.warn.insect.rangeOrder',
    message: { 'zh-CN': '结束时间不能早于开始时间', 'en-US': 'The end may not be before the start' },
  },
  rangeTooLong: {
    status: 400,
    code: 'wfpe.warn.insect.rangeTooLong',
    message: { 'zh-CN': '时间范围不能超过{n}天', 'en-US': 'The range may not exceed {n} days' },
  },
});
