import { defineErrors } from '../../../platform/errors.js';

export const PlanPackageErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.planPackage.notFound',
    message: { 'zh-CN': '计划套餐不存在或已被删除', 'en-US': 'No such plan package, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.planPackage.nameExists',
    message: {
      'zh-CN': '计划套餐“{name}”已存在',
      'en-US': 'A plan package named "{name}" already exists',
    },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.planPackage.cropNotFound',
    message: { 'zh-CN': 'cropId：作物不存在', 'en-US': 'cropId: no such crop' },
  },
  taskTypeNotFound: {
    status: 400,
    code: 'wfpf.planPackage.taskTypeNotFound',
    message: {
      'zh-CN': 'tasks[{index}].taskTypeId：任务类型不存在',
      'en-US': 'tasks[{index}].taskTypeId: no such task type',
    },
  },
  inputNotFound: {
    status: 400,
    code: 'wfpf.planPackage.inputNotFound',
    message: {
      'zh-CN': 'tasks[{index}].inputs：农资不存在（{inputId}）',
      'en-US': 'tasks[{index}].inputs: no such agricultural input ({inputId})',
    },
  },
  inputTwice: {
    status: 400,
    code: 'wfpf.planPackage.inputTwice',
    message: {
      'zh-CN': 'tasks[{index}].inputs：同一农资不能重复选择',
      'en-US': 'tasks[{index}].inputs: the same agricultural input cannot be selected twice',
    },
  },
});

export const PlanErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.plan.notFound',
    message: { 'zh-CN': '计划不存在或已被删除', 'en-US': 'No such plan, or it was deleted' },
  },
  packageNotFound: {
    status: 400,
    code: 'wfpf.plan.packageNotFound',
    message: { 'zh-CN': 'packageId：计划套餐不存在', 'en-US': 'packageId: no such plan package' },
  },
  packageDisabled: {
    status: 400,
    code: 'wfpf.plan.packageDisabled',
    message: { 'zh-CN': 'packageId：该计划套餐已停用', 'en-US': 'packageId: the plan package is disabled' },
  },
  batchNotFound: {
    status: 400,
    code: 'wfpf.plan.batchNotFound',
    message: { 'zh-CN': 'batchIds：批次不存在（{batchId}）', 'en-US': 'batchIds: no such batch ({batchId})' },
  },
  batchTwice: {
    status: 400,
    code: 'wfpf.plan.batchTwice',
    message: {
      'zh-CN': 'batchIds：同一批次不能重复选择（{batchId}）',
      'en-US': 'batchIds: the same batch cannot be selected twice ({batchId})',
    },
  },
  batchNotGrowing: {
    status: 400,
    code: 'wfpf.plan.batchNotGrowing',
    message: {
      'zh-CN': 'batchIds：批次“{batch}”不在种养中',
      'en-US': 'batchIds: the batch "{batch}" is not growing',
    },
  },
  batchesAcrossBases: {
    status: 400,
    code: 'wfpf.plan.batchesAcrossBases',
    message: {
      'zh-CN': 'batchIds：所选批次须属于同一基地',
      'en-US': 'batchIds: the batches must belong to one base',
    },
  },
  batchInPlan: {
    status: 400,
    code: 'wfpf.plan.batchInPlan',
    message: {
      'zh-CN': 'batchIds：批次“{batch}”已在该计划中',
      'en-US': 'batchIds: the batch "{batch}" is already in this plan',
    },
  },
  tooManyBatches: {
    status: 400,
    code: 'wfpf.plan.tooManyBatches',
    message: {
      'zh-CN': 'batchIds：一个计划最多 {max} 个批次',
      'en-US': 'batchIds: a plan holds at most {max} batches',
    },
  },
  leaderNotFound: {
    status: 400,
    code: 'wfpf.plan.leaderNotFound',
    message: {
      'zh-CN': 'leaderWorkerId：人员不存在或已停用',
      'en-US': 'leaderWorkerId: no such enabled worker',
    },
  },
  started: {
    status: 409,
    code: 'wfpf.plan.started',
    message: {
      'zh-CN': '该计划已有任务开始执行，不能删除',
      'en-US': 'Tasks of this plan have started; it cannot be deleted',
    },
  },
});
