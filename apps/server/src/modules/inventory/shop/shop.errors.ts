import { defineErrors } from '../../../platform/errors.js';

export const ShopErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.inventory.shop.notFound',
    message: { 'zh-CN': '门店不存在或已被删除', 'en-US': 'No such shop, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.inventory.shop.codeExists',
    message: {
      'zh-CN': 'shopCode：门店编码“{code}”已存在',
      'en-US': 'shopCode: a shop with the code "{code}" already exists',
    },
  },
  managerNotFound: {
    status: 400,
    code: 'wfpf.inventory.shop.managerNotFound',
    message: {
      'zh-CN': 'managerId：负责人不是本企业的用户',
      'en-US': 'managerId: the manager is not a user of this company',
    },
  },
  warehouseNotFound: {
    status: 400,
    code: 'wfpf.inventory.shop.warehouseNotFound',
    message: { 'zh-CN': 'warehouseId：仓库不存在', 'en-US': 'warehouseId: no such warehouse' },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.inventory.shop.areaNotFound',
    message: { 'zh-CN': 'areaId：基地不存在', 'en-US': 'areaId: no such base' },
  },
  inUse: {
    status: 409,
    code: 'wfpf.inventory.shop.inUse',
    message: {
      'zh-CN': '门店“{name}”正被使用（{what}），不能删除，请改为停用',
      'en-US': 'The shop "{name}" is in use ({what}) and cannot be deleted; disable it instead',
    },
  },
});
