import { defineErrors } from '../../../platform/errors.js';

/** Error codes of approvals (issue 14); spec 01 §8 'review failed' / 'reject failed' are the console's toasts. */
export const WorkflowErrors = defineErrors({
  processNotFound: {
    status: 404,
    code: 'wfpf.approval.processNotFound',
    message: { 'zh-CN': '审批流程不存在', 'en-US': 'The approval process does not exist' },
  },
  taskNotFound: {
    status: 404,
    code: 'wfpf.approval.taskNotFound',
    message: { 'zh-CN': '审批任务不存在', 'en-US': 'The approval task does not exist' },
  },
  delegationNotFound: {
    status: 404,
    code: 'wfpf.approval.delegationNotFound',
    message: { 'zh-CN': '委托不存在', 'en-US': 'The delegation does not exist' },
  },
  notAssignee: {
    status: 403,
    code: 'wfpf.approval.notAssignee',
    message: { 'zh-CN': '只有审批人可以处理该任务', 'en-US': 'Only the task’s approver may decide it' },
  },
  taskDecided: {
    status: 409,
    code: 'wfpf.approval.taskDecided',
    message: {
      'zh-CN': '该任务已被处理，请刷新后查看',
      'en-US': 'This task has already been handled; refresh to see its outcome',
    },
  },
  processEnded: {
    status: 409,
    code: 'wfpf.approval.processEnded',
    message: { 'zh-CN': '该审批已结束', 'en-US': 'This approval has already ended' },
  },
  withdrawTooLate: {
    status: 409,
    code: 'wfpf.approval.withdrawTooLate',
    message: {
      'zh-CN': '已有审批人处理，不能撤回',
      'en-US': 'An approver has already decided; it can no longer be withdrawn',
    },
  },
  notApplicant: {
    status: 403,
    code: 'wfpf.approval.notApplicant',
    message: { 'zh-CN': '只有申请人可以执行此操作', 'en-US': 'Only the applicant may do this' },
  },
  badRejectTarget: {
    status: 400,
    code: 'wfpf.approval.badRejectTarget',
    message: {
      'zh-CN': 'target：只能驳回到申请人或之前的审批节点',
      'en-US': 'target: a reject may only go to the applicant or an earlier approval step',
    },
  },
  remindTooSoon: {
    status: 429,
    code: 'wfpf.approval.remindTooSoon',
    message: {
      'zh-CN': '催办过于频繁，请 {minutes} 分钟后再试',
      'en-US': 'Reminded recently; try again in {minutes} minutes',
    },
  },
  badUser: {
    status: 400,
    code: 'wfpf.approval.badUser',
    message: {
      'zh-CN': '所选用户不是本租户的有效用户',
      'en-US': 'The chosen user is not an active member of this tenant',
    },
  },
  selfTarget: {
    status: 400,
    code: 'wfpf.approval.selfTarget',
    message: { 'zh-CN': '不能转交或加签给自己', 'en-US': 'You cannot transfer to or add yourself' },
  },
  chosenMissing: {
    status: 400,
    code: 'wfpf.approval.chosenMissing',
    message: {
      'zh-CN': 'chosen：请为“{step}”选择审批人',
      'en-US': 'chosen: choose the approver of “{step}”',
    },
  },
  alreadyRunning: {
    status: 409,
    code: 'wfpf.approval.alreadyRunning',
    message: { 'zh-CN': '该单据正在审批中', 'en-US': 'This document is already in approval' },
  },
  definitionNotFound: {
    status: 404,
    code: 'wfpf.approval.definitionNotFound',
    message: { 'zh-CN': '审批流程定义不存在', 'en-US': 'The approval flow does not exist' },
  },
  definitionEnabled: {
    status: 409,
    code: 'wfpf.approval.definitionEnabled',
    message: {
      'zh-CN': '已启用的流程不能编辑，请先停用',
      'en-US': 'An enabled flow cannot be edited; disable it first',
    },
  },
  definitionInvalid: {
    status: 400,
    code: 'wfpf.approval.definitionInvalid',
    message: { 'zh-CN': '流程校验未通过：{issues}', 'en-US': 'The flow is not valid: {issues}' },
  },
  definitionInUse: {
    status: 409,
    code: 'wfpf.approval.definitionInUse',
    message: {
      'zh-CN': '流程正在使用中（{where}），不能删除',
      'en-US': 'The flow is in use ({where}) and cannot be deleted',
    },
  },
  definitionNameTaken: {
    status: 409,
    code: 'wfpf.approval.definitionNameTaken',
    message: { 'zh-CN': '流程名称“{name}”已存在', 'en-US': 'A flow named “{name}” already exists' },
  },
  bindingDisabled: {
    status: 400,
    code: 'wfpf.approval.bindingDisabled',
    message: {
      'zh-CN': 'definitionId：只能选择已启用且单据类型一致的流程',
      'en-US': 'definitionId: choose an enabled flow made for this document type',
    },
  },
  docNotEditable: {
    status: 409,
    code: 'wfpf.approval.docNotEditable',
    message: {
      'zh-CN': '单据审批中或已审批，不能修改',
      'en-US': 'The document is in approval or approved and cannot be changed',
    },
  },
});
