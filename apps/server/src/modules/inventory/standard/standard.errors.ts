import { defineErrors } from '../../../platform/errors.js';

export const StandardErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.standard.notFound',
    message: { 'zh-CN': '规格属性不存在或已被删除', 'en-US': 'No such attribute, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.inventory.standard.nameExists',
    message: {
      'zh-CN': 'standardName：属性“{name}”已存在',
      'en-US': 'standardName: an attribute named "{name}" already exists',
    },
  },
  duplicateValue: {
    status: 400,
    code: 'wfpf.inventory.standard.duplicateValue',
    message: {
      'zh-CN': 'values：属性值“{value}”重复',
      'en-US': 'values: the value "{value}" is given twice',
    },
  },
  valueNotFound: {
    status: 400,
    code: 'wfpf.inventory.standard.valueNotFound',
    message: {
      'zh-CN': 'values：属性值 {id} 不属于该属性',
      'en-US': 'values: value {id} is not a value of this attribute',
    },
  },
  valueInUse: {
    status: 409,
    code: 'wfpf.inventory.standard.valueInUse',
    message: {
      'zh-CN': '属性值“{value}”正被使用（{what}），不能删除',
      'en-US': 'The value "{value}" is in use ({what}) and cannot be removed',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.inventory.standard.inUse',
    message: {
      'zh-CN': '规格属性“{name}”正被使用（{what}），不能删除，请改为停用',
      'en-US': 'The attribute "{name}" is in use ({what}) and cannot be deleted; disable it instead',
    },
  },
});
