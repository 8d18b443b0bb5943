import { defineErrors } from '../../../platform/errors.js';

export const BatchErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.batch.notFound',
    message: { 'zh-CN': '批次不存在或已被删除', 'en-US': 'No such batch, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.batch.codeExists',
    message: {
      'zh-CN': '批次编码“{code}”已存在',
      'en-US': 'A batch with the code "{code}" already exists',
    },
  },
  existsOnLand: {
    status: 409,
    code: 'wfpf.batch.existsOnLand',
    message: {
      'zh-CN': '该地块已存在批次（{batch}）',
      'en-US': 'A batch already exists in this plot ({batch})',
    },
  },
  hasHarvest: {
    status: 409,
    code: 'wfpf.batch.hasHarvest',
    message: {
      'zh-CN': '该批次已登记采收，不能删除',
      'en-US': 'This batch has a harvest recorded and cannot be deleted',
    },
  },
  landNotFound: {
    status: 400,
    code: 'wfpf.batch.landNotFound',
    message: { 'zh-CN': 'landId：地块不存在', 'en-US': 'landId: no such plot' },
  },
  landDisabled: {
    status: 400,
    code: 'wfpf.batch.landDisabled',
    message: { 'zh-CN': 'landId：该地块已停用', 'en-US': 'landId: the plot is disabled' },
  },
  areaRequired: {
    status: 400,
    code: 'wfpf.batch.areaRequired',
    message: {
      'zh-CN': 'areaId：未选择地块时必须选择基地',
      'en-US': 'areaId: required when no plot is given',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.batch.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  areaMismatch: {
    status: 400,
    code: 'wfpf.batch.areaMismatch',
    message: {
      'zh-CN': 'areaId：所选地块不属于该基地',
      'en-US': 'areaId: the plot belongs to another base',
    },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.batch.cropNotFound',
    message: { 'zh-CN': 'cropId：作物不存在', 'en-US': 'cropId: no such crop' },
  },
  varietyNotFound: {
    status: 400,
    code: 'wfpf.batch.varietyNotFound',
    message: {
      'zh-CN': 'varietyId：该作物下没有这个品种',
      'en-US': 'varietyId: no such variety of this crop',
    },
  },
  typeMismatch: {
    status: 400,
    code: 'wfpf.batch.typeMismatch',
    message: {
      'zh-CN': 'batchType：批次类型须与地块用途（{usage}）一致',
      'en-US': "batchType: must match the plot's usage ({usage})",
    },
  },
  stockCountForPlant: {
    status: 400,
    code: 'wfpf.batch.stockCountForPlant',
    message: {
      'zh-CN': 'stockCount：只有养殖批次有存栏数量',
      'en-US': 'stockCount: only nurture batches have a stock count',
    },
  },
  dateOrder: {
    status: 400,
    code: 'wfpf.batch.dateOrder',
    message: {
      'zh-CN': 'endDate：开始日期不能晚于结束日期',
      'en-US': 'endDate: start date cannot be later than end date',
    },
  },
  harvestBeforeStart: {
    status: 400,
    code: 'wfpf.batch.harvestBeforeStart',
    message: {
      'zh-CN': 'harvestDate：采收日期不能早于开始日期',
      'en-US': 'harvestDate: cannot be earlier than the start date',
    },
  },
});
