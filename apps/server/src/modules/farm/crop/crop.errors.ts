import { defineErrors } from '../../../platform/errors.js';

export const CropErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.crop.notFound',
    message: { 'zh-CN': '作物不存在或已被删除', 'en-US': 'No such crop, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.crop.nameExists',
    message: { 'zh-CN': '作物名称“{name}”已存在', 'en-US': 'A crop named "{name}" already exists' },
  },
  hasVarieties: {
    status: 409,
    code: 'wfpf.crop.hasVarieties',
    message: {
      'zh-CN': '作物“{name}”下还有 {count} 个品种，请先删除品种',
      'en-US': 'The crop "{name}" still has {count} variety(ies); delete them first',
    },
  },
  usedByBatch: {
    status: 409,
    code: 'wfpf.crop.usedByBatch',
    message: {
      'zh-CN': '作物“{name}”已被 {count} 个批次使用，不能删除',
      'en-US': 'The crop "{name}" is used by {count} batch(es) and cannot be deleted',
    },
  },
});

export const VarietyErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.variety.notFound',
    message: { 'zh-CN': '品种不存在或已被删除', 'en-US': 'No such variety, or it was deleted' },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.variety.cropNotFound',
    message: {
      'zh-CN': '所属作物不存在或已被删除',
      'en-US': 'cropId: no such crop, or it was deleted',
    },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.variety.nameExists',
    message: {
      'zh-CN': '作物“{crop}”下已有品种“{name}”',
      'en-US': 'The crop "{crop}" already has a variety named "{name}"',
    },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.variety.codeExists',
    message: {
      'zh-CN': '品种编码“{code}”已存在',
      'en-US': 'A variety with the code "{code}" already exists',
    },
  },
  usedByBatch: {
    status: 409,
    code: 'wfpf.variety.usedByBatch',
    message: {
      'zh-CN': '品种“{name}”已被 {count} 个批次使用，不能删除或改换作物',
      'en-US':
        'The variety "{name}" is used by {count} batch(es); it cannot be deleted or moved to another crop',
    },
  },
  unknownVariety: {
    status: 400,
    code: 'wfpf.variety.unknown',
    message: {
      'zh-CN': '所选品种不存在或已被删除',
      'en-US': 'varietyId: no such variety, or it was deleted',
    },
  },
  notOfCrop: {
    status: 400,
    code: 'wfpf.variety.notOfCrop',
    message: {
      'zh-CN': '所选品种不属于所选作物',
      'en-US': 'varietyId: the variety does not belong to the chosen crop',
    },
  },
});

export const TaskTypeErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.taskType.notFound',
    message: { 'zh-CN': '任务类型不存在或已被删除', 'en-US': 'No such task type, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.taskType.nameExists',
    message: {
      'zh-CN': '任务类型“{name}”已存在',
      'en-US': 'A task type named "{name}" already exists',
    },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.taskType.codeExists',
    message: {
      'zh-CN': '任务类型编码“{code}”已存在',
      'en-US': 'A task type with the code "{code}" already exists',
    },
  },
});
