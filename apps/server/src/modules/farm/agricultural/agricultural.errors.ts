import { defineErrors } from '../../../platform/errors.js';

export const AgriculturalErrors = defineErrors({
  insufficientStock: {
    status: 409,
    code: 'wfpf.agricultural.insufficientStock',
    message: {
      'zh-CN': '库存不足：{input} 在 {base} 仅剩 {available}，需要 {requested}',
      'en-US': 'Not enough stock: {base} has {available} of {input}, {requested} needed',
    },
  },
  inputNotFound: {
    status: 404,
    code: 'wfpf.agricultural.inputNotFound',
    message: { 'zh-CN': '农资不存在或已被删除', 'en-US': 'No such agricultural input, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.agricultural.codeExists',
    message: {
      'zh-CN': '农资编码“{code}”已存在',
      'en-US': 'An agricultural input with the code "{code}" already exists',
    },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.agricultural.nameExists',
    message: {
      'zh-CN': '已存在同名同规格的农资“{name}”',
      'en-US': 'An agricultural input named "{name}" with this specification already exists',
    },
  },
  registrationRequired: {
    status: 400,
    code: 'wfpf.agricultural.registrationRequired',
    message: {
      'zh-CN': 'registrationNo：肥料和农药必须填写登记证号',
      'en-US': 'registrationNo: fertilizers and pesticides need a registration number',
    },
  },
  inputInUse: {
    status: 409,
    code: 'wfpf.agricultural.inputInUse',
    message: {
      'zh-CN': '农资“{name}”已有库存或出入库记录，不能删除，请改为停用',
      'en-US': '"{name}" has stock or movements and cannot be deleted; disable it instead',
    },
  },
  lineInputNotFound: {
    status: 400,
    code: 'wfpf.agricultural.lineInputNotFound',
    message: {
      'zh-CN': 'lines：第 {line} 行的农资不存在',
      'en-US': 'lines: the agricultural input of line {line} does not exist',
    },
  },
  lineInputDisabled: {
    status: 400,
    code: 'wfpf.agricultural.lineInputDisabled',
    message: {
      'zh-CN': 'lines：第 {line} 行的农资“{name}”已停用',
      'en-US': 'lines: the agricultural input "{name}" of line {line} is disabled',
    },
  },
  duplicateInput: {
    status: 400,
    code: 'wfpf.agricultural.duplicateInput',
    message: {
      'zh-CN': '同一农资不能重复选择：{name}',
      'en-US': 'The same agricultural input cannot be selected twice: {name}',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.agricultural.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  docNotFound: {
    status: 404,
    code: 'wfpf.agricultural.docNotFound',
    message: { 'zh-CN': '单据不存在或已被删除', 'en-US': 'No such document, or it was deleted' },
  },
  docCodeExists: {
    status: 409,
    code: 'wfpf.agricultural.docCodeExists',
    message: {
      'zh-CN': '单据编号“{code}”已存在',
      'en-US': 'A document with the number "{code}" already exists',
    },
  },
});
