import { defineErrors } from '../../../platform/errors.js';

export const AreaErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.area.notFound',
    message: { 'zh-CN': '基地不存在或已被删除', 'en-US': 'No such base, or it was deleted' },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.area.nameExists',
    message: {
      'zh-CN': '基地名称“{name}”已存在',
      'en-US': 'A base named "{name}" already exists',
    },
  },
  numExists: {
    status: 409,
    code: 'wfpf.area.numExists',
    message: {
      'zh-CN': '基地编码“{num}”已存在',
      'en-US': 'A base with the code "{num}" already exists',
    },
  },
  parentNotFound: {
    status: 400,
    code: 'wfpf.area.parentNotFound',
    message: { 'zh-CN': '上级基地不存在', 'en-US': 'parentId: no such base' },
  },
  parentCycle: {
    status: 400,
    code: 'wfpf.area.parentCycle',
    message: {
      'zh-CN': '上级基地不能是自己或自己的下级',
      'en-US': 'parentId: a base cannot be placed under itself or one of its descendants',
    },
  },
  parentType: {
    status: 400,
    code: 'wfpf.area.parentType',
    message: {
      'zh-CN': 'parentId：基地只能隶属于集团或公司',
      'en-US': 'parentId: a base can only belong to an enterprise or company',
    },
  },
  hasPlots: {
    status: 409,
    code: 'wfpf.area.hasPlots',
    message: {
      'zh-CN': '该基地下还有地块，请先删除或转移地块',
      'en-US': 'This base still has plots; delete or move them first',
    },
  },
  hasChildren: {
    status: 409,
    code: 'wfpf.area.hasChildren',
    message: {
      'zh-CN': '该基地下还有下级基地，不能删除',
      'en-US': 'This base still has bases under it and cannot be deleted',
    },
  },
  defaultRequired: {
    status: 409,
    code: 'wfpf.area.defaultRequired',
    message: {
      'zh-CN': '必须保留一个默认基地，请将其他基地设为默认',
      'en-US': 'One base must stay the default; make another base the default instead',
    },
  },
});
