import { defineErrors } from '../../../platform/errors.js';

export const FileErrors = defineErrors({
  tooLarge: {
    status: 413,
    code: 'hfle.warn.file.tooLarge',
    message: { 'zh-CN': '上传文件不能超过{n}MB', 'en-US': 'Upload cannot exceed {n}MB' },
  },
  unsupportedType: {
    status: 415,
    code: 'hfle.warn.file.type',
    message: {
      'zh-CN': '不支持的文件类型，仅支持图片、视频、PDF、Office 文档和文本文件',
      'en-US': 'This file type is not allowed; upload images, videos, PDF, Office documents or text files',
    },
  },
  extensionMismatch: {
    status: 415,
    code: 'hfle.warn.file.extension',
    message: {
      'zh-CN': '文件名“{name}”的扩展名与文件内容（{type}）不符，请使用正确的扩展名',
      'en-US': 'The extension of "{name}" does not match its content ({type}); use the matching extension',
    },
  },
  tooManyPixels: {
    status: 413,
    code: 'hfle.warn.file.tooManyPixels',
    message: {
      'zh-CN': '图片尺寸过大（约 {mp} 百万像素），最大支持 {max} 百万像素',
      'en-US': 'The image is too large (about {mp} megapixels); at most {max} megapixels are accepted',
    },
  },
  unreadableImage: {
    status: 415,
    code: 'hfle.warn.file.unreadableImage',
    message: {
      'zh-CN': '无法读取该图片的尺寸，文件可能已损坏',
      'en-US': 'The size of this image cannot be read; the file may be damaged',
    },
  },
  notImage: {
    status: 415,
    code: 'hfle.warn.file.notImage',
    message: { 'zh-CN': '该文件不是可缩放的图片', 'en-US': 'This file is not an image that can be resized' },
  },
  noFile: {
    status: 400,
    code: 'hfle.warn.file.missing',
    message: { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  },
  malformed: {
    status: 400,
    code: 'hfle.warn.file.malformed',
    message: { 'zh-CN': '上传内容格式不正确', 'en-US': 'The upload is not a well-formed multipart body' },
  },
  emptyFile: {
    status: 400,
    code: 'hfle.warn.file.empty',
    message: { 'zh-CN': '文件内容为空', 'en-US': 'The file is empty' },
  },
  notMultipart: {
    status: 415,
    code: 'hfle.warn.file.notMultipart',
    message: {
      'zh-CN': '上传须使用 multipart/form-data',
      'en-US': 'Uploads must be sent as multipart/form-data',
    },
  },
  fileNotFound: {
    status: 404,
    code: 'hfle.warn.file.notFound',
    message: { 'zh-CN': '文件不存在或已被删除', 'en-US': 'The file does not exist or was deleted' },
  },
  notOwner: {
    status: 403,
    code: 'hfle.warn.file.notOwner',
    message: {
      'zh-CN': '只能删除自己上传的文件',
      'en-US': 'You can only delete files you uploaded',
    },
  },
});
