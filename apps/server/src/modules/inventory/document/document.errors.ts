import { defineErrors } from '../../../platform/errors.js';

// Inventory documents. 400s name the field (lines[i].quantity…) so the form can mark it; 409s are states.

export const InvDocErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.docNotFound',
    message: { 'zh-CN': '单据不存在或已被删除', 'en-US': 'No such document, or it was deleted' },
  },
  invalid: {
    status: 400,
    code: 'wfpf.inventory.docInvalid',
    message: { 'zh-CN': '{field}：{reason}', 'en-US': '{field}: {reason}' },
  },
  notEditable: {
    status: 409,
    code: 'wfpf.inventory.docNotEditable',
    message: {
      'zh-CN': '只有草稿或已驳回的单据可以修改、删除或提交',
      'en-US': 'Only a draft or rejected document can be edited, deleted or submitted',
    },
  },
  notApproved: {
    status: 409,
    code: 'wfpf.inventory.docNotApproved',
    message: {
      'zh-CN': '单据尚未审核通过，不能执行此操作',
      'en-US': 'The document is not approved yet; this action is not possible',
    },
  },
  wrongAction: {
    status: 409,
    code: 'wfpf.inventory.docWrongAction',
    message: {
      'zh-CN': '此单据不能执行该操作：{reason}',
      'en-US': 'This action is not possible on this document: {reason}',
    },
  },
  overConversion: {
    status: 409,
    code: 'wfpf.inventory.overConversion',
    message: {
      'zh-CN': '第 {line} 行超出来源单据的剩余数量：剩余 {remaining}，本次 {requested}',
      'en-US': 'Line {line} exceeds what remains of the source document: {remaining} left, {requested} asked',
    },
  },
  overExecution: {
    status: 409,
    code: 'wfpf.inventory.overExecution',
    message: {
      'zh-CN': '第 {line} 行超出剩余数量：剩余 {remaining}，本次 {requested}',
      'en-US': 'Line {line} exceeds what remains: {remaining} left, {requested} asked',
    },
  },
  insufficientStock: {
    status: 409,
    code: 'wfpf.inventory.insufficientStock',
    message: {
      'zh-CN': '库存不足：{product} 在 {warehouse} 可用 {available}，需要 {requested}',
      'en-US': 'Not enough stock: {warehouse} has {available} of {product}, {requested} needed',
    },
  },
});
