import { defineErrors } from '../../../platform/errors.js';

export const TaskErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.task.notFound',
    message: { 'zh-CN': '任务不存在或已被删除', 'en-US': 'No such task, or it was deleted' },
  },
  /** {status} and {action} are filled in the caller's language by the service. */
  badTransition: {
    status: 409,
    code: 'wfpf.task.badTransition',
    message: {
      'zh-CN': '任务当前为“{status}”状态，不能{action}',
      'en-US': 'The task is {status}; it cannot be {action}',
    },
  },
  leaderRequired: {
    status: 400,
    code: 'wfpf.task.leaderRequired',
    message: {
      'zh-CN': 'leaderWorkerId：分配任务前必须选择负责人',
      'en-US': 'leaderWorkerId: a task needs a leader before assignment',
    },
  },
  dateOrder: {
    status: 400,
    code: 'wfpf.task.dateOrder',
    message: {
      'zh-CN': 'endDate：开始日期不能晚于结束日期',
      'en-US': 'endDate: start date cannot be later than end date',
    },
  },
  notWorker: {
    status: 403,
    code: 'wfpf.task.notWorker',
    message: {
      'zh-CN': '只有任务的负责人或参与人可以{action}',
      'en-US': "Only the task's leader or participants may {action} it",
    },
  },
  notReviewer: {
    status: 403,
    code: 'wfpf.task.notReviewer',
    message: {
      'zh-CN': '只有任务创建人或有审核权限的用户可以{action}',
      'en-US': 'Only the creator of the task or a user allowed to approve tasks may {action} it',
    },
  },
  notManager: {
    status: 403,
    code: 'wfpf.task.notManager',
    message: {
      'zh-CN': '只有任务创建人或有编辑任务权限的用户可以{action}',
      'en-US': 'Only the creator of the task or a user allowed to edit tasks may {action} it',
    },
  },
  typeNotFound: {
    status: 400,
    code: 'wfpf.task.typeNotFound',
    message: {
      'zh-CN': 'taskTypeId：任务类型不存在或已停用',
      'en-US': 'taskTypeId: no such task type, or it is disabled',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.task.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  landNotFound: {
    status: 400,
    code: 'wfpf.task.landNotFound',
    message: { 'zh-CN': 'landId：该基地下没有这个地块', 'en-US': 'landId: no such plot in this base' },
  },
  batchNotFound: {
    status: 400,
    code: 'wfpf.task.batchNotFound',
    message: {
      'zh-CN': 'batchId：该基地（地块）下没有这个批次',
      'en-US': 'batchId: no such batch in this base (or plot)',
    },
  },
  workerNotFound: {
    status: 400,
    code: 'wfpf.task.workerNotFound',
    message: {
      'zh-CN': '{field}：工人不存在或已停用',
      'en-US': '{field}: no such worker, or the worker is disabled',
    },
  },
  duplicateWorker: {
    status: 400,
    code: 'wfpf.task.duplicateWorker',
    message: {
      'zh-CN': 'participantIds：同一工人不能重复选择',
      'en-US': 'participantIds: a worker is listed twice',
    },
  },
  duplicateInput: {
    status: 400,
    code: 'wfpf.task.duplicateInput',
    message: {
      'zh-CN': '{field}：同一农资不能重复选择',
      'en-US': '{field}: the same agricultural input cannot be selected twice',
    },
  },
  inputNotFound: {
    status: 400,
    code: 'wfpf.task.inputNotFound',
    message: { 'zh-CN': '{field}：农资不存在', 'en-US': '{field}: no such agricultural input' },
  },
  photoNotFound: {
    status: 400,
    code: 'wfpf.task.photoNotFound',
    message: {
      'zh-CN': 'photos：图片不存在或不属于本企业',
      'en-US': 'photos: no such file in this enterprise',
    },
  },
  noBase: {
    status: 400,
    code: 'wfpf.task.noBase',
    message: {
      'zh-CN': 'inputs：任务没有所属基地，无法扣减农资库存',
      'en-US': 'inputs: the task has no base to take the inputs from',
    },
  },
  inputsUsed: {
    status: 409,
    code: 'wfpf.task.inputsUsed',
    message: {
      'zh-CN': '该任务已登记使用农资，不能删除',
      'en-US': 'This task has used agricultural inputs recorded and cannot be deleted',
    },
  },
});
