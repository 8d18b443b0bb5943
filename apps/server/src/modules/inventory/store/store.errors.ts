import { defineErrors } from '../../../platform/errors.js';

export const StoreErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.store.notFound',
    message: { 'zh-CN': '仓库不存在或已被删除', 'en-US': 'No such warehouse, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.inventory.store.codeExists',
    message: {
      'zh-CN': 'warehouseCode：仓库编码“{code}”已存在',
      'en-US': 'warehouseCode: a warehouse with the code "{code}" already exists',
    },
  },
  nameExists: {
    status: 409,
    code: 'wfpf.inventory.store.nameExists',
    message: {
      'zh-CN': 'warehouseName：仓库名称“{name}”已存在',
      'en-US': 'warehouseName: a warehouse named "{name}" already exists',
    },
  },
  managerNotFound: {
    status: 400,
    code: 'wfpf.inventory.store.managerNotFound',
    message: {
      'zh-CN': 'managerId：负责人不是本企业的用户',
      'en-US': 'managerId: the manager is not a user of this company',
    },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.inventory.store.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  holdsStock: {
    status: 409,
    code: 'wfpf.inventory.store.holdsStock',
    message: {
      'zh-CN': '仓库“{name}”仍有库存，不能删除，请改为停用',
      'en-US': 'The warehouse "{name}" still holds stock and cannot be deleted; disable it instead',
    },
  },
  inUse: {
    status: 409,
    code: 'wfpf.inventory.store.inUse',
    message: {
      'zh-CN': '仓库“{name}”正被使用（{what}），不能删除，请改为停用',
      'en-US': 'The warehouse "{name}" is in use ({what}) and cannot be deleted; disable it instead',
    },
  },
});
