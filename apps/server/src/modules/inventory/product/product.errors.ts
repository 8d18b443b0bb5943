import { defineErrors } from '../../../platform/errors.js';

export const ProductErrors = defineErrors({
  productNotFound: {
    status: 404,
    code: 'wfpf.inventory.product.notFound',
    message: { 'zh-CN': '商品不存在或已被删除', 'en-US': 'No such product, or it was deleted' },
  },
  codeExists: {
    status: 409,
    code: 'wfpf.inventory.product.codeExists',
    message: {
      'zh-CN': '商品编码“{code}”已存在',
      'en-US': 'A product with the code "{code}" already exists',
    },
  },
  skuCodeExists: {
    status: 409,
    code: 'wfpf.inventory.product.skuCodeExists',
    message: { 'zh-CN': 'SKU 编码“{code}”已存在', 'en-US': 'A SKU with the code "{code}" already exists' },
  },
  unitInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.unitInvalid',
    message: {
      'zh-CN': '{field}：计量单位不存在或已停用',
      'en-US': '{field}: no such unit, or it is disabled',
    },
  },
  factorNotOne: {
    status: 400,
    code: 'wfpf.inventory.product.factorNotOne',
    message: {
      'zh-CN': '{field}：与库存单位相同的单位换算系数必须为 1',
      'en-US': '{field}: a unit that is the stock unit has the factor 1',
    },
  },
  standardInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.standardInvalid',
    message: {
      'zh-CN': 'standardIds：规格属性 {id} 不存在、已停用或没有属性值',
      'en-US': 'standardIds: attribute {id} does not exist, is disabled or has no values',
    },
  },
  skuValuesInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.skuValuesInvalid',
    message: {
      'zh-CN': 'skus[{index}].valueIds：每个规格属性须选一个属于它的属性值',
      'en-US': 'skus[{index}].valueIds: name one value of each attribute, in the order of standardIds',
    },
  },
  skuDuplicate: {
    status: 400,
    code: 'wfpf.inventory.product.skuDuplicate',
    message: {
      'zh-CN': 'skus[{index}]：规格组合重复',
      'en-US': 'skus[{index}]: the same value combination twice',
    },
  },
  skuNotOfProduct: {
    status: 400,
    code: 'wfpf.inventory.product.skuNotOfProduct',
    message: {
      'zh-CN': 'skus[{index}].skuId：该 SKU 不属于此商品',
      'en-US': 'skus[{index}].skuId: no such SKU of this product',
    },
  },
  tooManySkus: {
    status: 400,
    code: 'wfpf.inventory.product.tooManySkus',
    message: {
      'zh-CN': 'standardIds：规格组合超过 {max} 个',
      'en-US': 'standardIds: more than {max} value combinations',
    },
  },
  skuInUse: {
    status: 409,
    code: 'wfpf.inventory.product.skuInUse',
    message: {
      'zh-CN': 'SKU“{code}”已有库存或单据（{what}），不能删除，请改为停用',
      'en-US': 'SKU "{code}" has stock or documents ({what}) and cannot be removed; disable it instead',
    },
  },
  productInUse: {
    status: 409,
    code: 'wfpf.inventory.product.inUse',
    message: {
      'zh-CN': '商品“{name}”已有库存或单据（{what}），不能删除，请改为停用',
      'en-US': '"{name}" has stock or documents ({what}) and cannot be deleted; disable it instead',
    },
  },
  warehouseInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.warehouseInvalid',
    message: {
      'zh-CN': 'skus[{index}].limits：仓库不存在或重复',
      'en-US': 'skus[{index}].limits: no such warehouse, or the same warehouse twice',
    },
  },
  cropRequired: {
    status: 400,
    code: 'wfpf.inventory.product.cropRequired',
    message: {
      'zh-CN': 'cropId：农产品须关联作物和品种',
      'en-US': 'cropId: farm produce names its crop and variety',
    },
  },
  cropNotAllowed: {
    status: 400,
    code: 'wfpf.inventory.product.cropNotAllowed',
    message: {
      'zh-CN': 'cropId：只有农产品可以关联作物',
      'en-US': 'cropId: only farm produce (agricultural) links to a crop',
    },
  },
  cropInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.cropInvalid',
    message: {
      'zh-CN': '{field}：作物或品种不存在，或品种不属于该作物',
      'en-US': '{field}: no such crop or variety, or the variety is not of the crop',
    },
  },
  mediaInvalid: {
    status: 400,
    code: 'wfpf.inventory.product.mediaInvalid',
    message: {
      'zh-CN': '{field}：须为本租户上传的{what}文件，且不超过 {mb}MB',
      'en-US': '{field}: must be a file uploaded to this tenant, {what}, at most {mb} MB',
    },
  },
});
