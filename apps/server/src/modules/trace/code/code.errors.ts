import { defineErrors } from '../../../platform/errors.js';

export const TraceCodeErrors = defineErrors({
  packageNotFound: {
    status: 404,
    code: 'wfpf.trace.code.packageNotFound',
    message: { 'zh-CN': '码包不存在或已被删除', 'en-US': 'No such code package' },
  },
  codeNotFound: {
    status: 404,
    code: 'wfpf.trace.code.notFound',
    message: { 'zh-CN': '溯源码“{serial}”不存在', 'en-US': 'No trace code "{serial}"' },
  },
  batchNotFound: {
    status: 400,
    code: 'wfpf.trace.code.batchNotFound',
    message: { 'zh-CN': 'traceBatchId：溯源批次不存在', 'en-US': 'traceBatchId: no such trace batch' },
  },
  batchWithdrawn: {
    status: 409,
    code: 'wfpf.trace.code.batchWithdrawn',
    message: {
      'zh-CN': '溯源批次“{batchCode}”已撤回，不能再生成溯源码',
      'en-US': 'The trace batch "{batchCode}" was withdrawn; no codes can be made for it',
    },
  },
  notReady: {
    status: 409,
    code: 'wfpf.trace.code.notReady',
    message: {
      'zh-CN': '码包尚未生成完成，暂不能下载',
      'en-US': 'The code package is not ready yet; download it when it is',
    },
  },
  fileGone: {
    status: 404,
    code: 'wfpf.trace.code.fileGone',
    message: { 'zh-CN': '码包文件已丢失', 'en-US': 'The code package file is gone' },
  },
  alreadyVoid: {
    status: 409,
    code: 'wfpf.trace.code.alreadyVoid',
    message: { 'zh-CN': '溯源码“{serial}”已作废', 'en-US': 'The trace code "{serial}" is already void' },
  },
  // Stored in `error` of a failed package (by code) and worded when read.
  failedLost: {
    status: 422,
    code: 'wfpf.trace.code.failed.batchGone',
    message: {
      'zh-CN': '生成失败：溯源批次已删除或撤回',
      'en-US': 'Generation failed: the trace batch was deleted or withdrawn',
    },
  },
  failed: {
    status: 500,
    code: 'wfpf.trace.code.failed',
    message: {
      'zh-CN': '溯源码生成失败，请重新生成',
      'en-US': 'Generation failed; create the package again',
    },
  },
});
