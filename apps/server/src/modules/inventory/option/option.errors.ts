import { defineErrors } from '../../../platform/errors.js';

export const OptionErrors = defineErrors({
  warehouseNotFound: {
    status: 400,
    code: 'wfpf.inventory.option.warehouseNotFound',
    message: {
      'zh-CN': 'defaultWarehouseId：仓库不存在或已停用',
      'en-US': 'defaultWarehouseId: no such warehouse, or it is disabled',
    },
  },
});
