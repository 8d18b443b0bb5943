import { defineErrors } from '../../../platform/errors.js';

// The traceability catalogue's refusals; each names the field or the thing in the way, in both languages.

export const CatalogErrors = defineErrors({
  productNotFound: {
    status: 404,
    code: 'wfpf.trace.product.notFound',
    message: { 'zh-CN': '溯源产品不存在或已被删除', 'en-US': 'No such traced product, or it was deleted' },
  },
  productNameTaken: {
    status: 409,
    code: 'wfpf.trace.product.nameTaken',
    message: {
      'zh-CN': 'productName：已有同名溯源产品',
      'en-US': 'productName: a traced product has this name',
    },
  },
  productSourceRequired: {
    status: 400,
    code: 'wfpf.trace.product.sourceRequired',
    message: {
      'zh-CN': 'inventoryProductId / cropId：请选择库存产品或作物',
      'en-US': 'inventoryProductId / cropId: choose an inventory product or a crop',
    },
  },
  inventoryProductNotFound: {
    status: 400,
    code: 'wfpf.trace.product.inventoryProductNotFound',
    message: {
      'zh-CN': 'inventoryProductId：库存产品不存在',
      'en-US': 'inventoryProductId: no such inventory product',
    },
  },
  cropNotFound: {
    status: 400,
    code: 'wfpf.trace.product.cropNotFound',
    message: { 'zh-CN': 'cropId：作物不存在', 'en-US': 'cropId: no such crop' },
  },
  varietyNotFound: {
    status: 400,
    code: 'wfpf.trace.product.varietyNotFound',
    message: { 'zh-CN': 'varietyId：该作物下没有此品种', 'en-US': 'varietyId: no such variety of the crop' },
  },
  gtinInvalid: {
    status: 400,
    code: 'wfpf.trace.product.gtinInvalid',
    message: {
      'zh-CN': 'gtin：不是有效的 GTIN-8/12/13/14（位数或校验位错误）',
      'en-US': 'gtin: not a valid GTIN-8/12/13/14 (length or check digit)',
    },
  },
  gtinTaken: {
    status: 409,
    code: 'wfpf.trace.product.gtinTaken',
    message: {
      'zh-CN': 'gtin：该 GTIN 已被其他企业登记',
      'en-US': 'gtin: this GTIN is registered by another company',
    },
  },
  gtinUsed: {
    status: 409,
    code: 'wfpf.trace.product.gtinUsed',
    message: {
      'zh-CN': 'gtin：本企业另一个溯源产品「{name}」已使用该 GTIN',
      'en-US': 'gtin: another traced product of this company ("{name}") uses this GTIN',
    },
  },
  outletNotFound: {
    status: 400,
    code: 'wfpf.trace.product.outletNotFound',
    message: { 'zh-CN': 'outletIds：门店或网店不存在', 'en-US': 'outletIds: no such store or online store' },
  },
  productInUse: {
    status: 409,
    code: 'wfpf.trace.product.inUse',
    message: {
      'zh-CN': '溯源产品正被 {count} 个溯源批次使用（如 {batchCode}），不能删除',
      'en-US':
        'The traced product is used by {count} trace batch(es) (e.g. {batchCode}) and cannot be deleted',
    },
  },
  fileNotOwn: {
    status: 400,
    code: 'wfpf.trace.fileNotOwn',
    message: {
      'zh-CN': '{field}：只能使用本企业已上传的文件',
      'en-US': '{field}: only files uploaded to this company can be used',
    },
  },
  // ---- trace batches ----
  batchNotFound: {
    status: 404,
    code: 'wfpf.trace.batch.notFound',
    message: { 'zh-CN': '溯源批次不存在或已被删除', 'en-US': 'No such trace batch, or it was deleted' },
  },
  batchCodeTaken: {
    status: 409,
    code: 'wfpf.trace.batch.codeTaken',
    message: { 'zh-CN': 'batchCode：批次号已存在', 'en-US': 'batchCode: this lot code is taken' },
  },
  batchProductNotFound: {
    status: 400,
    code: 'wfpf.trace.batch.productNotFound',
    message: { 'zh-CN': 'traceProductId：溯源产品不存在', 'en-US': 'traceProductId: no such traced product' },
  },
  harvestNotFound: {
    status: 400,
    code: 'wfpf.trace.batch.harvestNotFound',
    message: { 'zh-CN': 'sources：农事批次不存在', 'en-US': 'sources: no such farm batch' },
  },
  harvestNotHarvested: {
    status: 400,
    code: 'wfpf.trace.batch.notHarvested',
    message: {
      'zh-CN': 'sources：农事批次 {batchCode} 尚未采收（只能选择已采收或已结束的批次）',
      'en-US': 'sources: farm batch {batchCode} is not harvested (only harvested or closed batches)',
    },
  },
  harvestDuplicate: {
    status: 400,
    code: 'wfpf.trace.batch.harvestDuplicate',
    message: { 'zh-CN': 'sources：同一农事批次只能选一次', 'en-US': 'sources: each farm batch only once' },
  },
  quantityOverHarvest: {
    status: 400,
    code: 'wfpf.trace.batch.quantityOverHarvest',
    message: {
      'zh-CN': 'sources.quantity：{batchCode} 的用量不能超过采收量 {harvest}',
      'en-US': 'sources.quantity: the quantity of {batchCode} cannot exceed its harvest of {harvest}',
    },
  },
  expiryBeforeProduction: {
    status: 400,
    code: 'wfpf.trace.batch.expiryBeforeProduction',
    message: {
      'zh-CN': 'expiryDate：保质期至不能早于生产日期',
      'en-US': 'expiryDate: cannot be before the production date',
    },
  },
  batchPublished: {
    status: 409,
    code: 'wfpf.trace.batch.published',
    message: {
      'zh-CN': '溯源批次已发布（第 {version} 版），不能修改；请撤回后重新发布',
      'en-US':
        'The trace batch is published (version {version}) and cannot be edited; withdraw it and republish',
    },
  },
  batchEverPublished: {
    status: 409,
    code: 'wfpf.trace.batch.everPublished',
    message: {
      'zh-CN': '溯源批次已发布过，其记录已上链，不能删除（可撤回）',
      'en-US':
        'The trace batch has been published and its record is on the ledger: it cannot be deleted (withdraw it)',
    },
  },
  batchNotPublished: {
    status: 409,
    code: 'wfpf.trace.batch.notPublished',
    message: {
      'zh-CN': '只有已发布的溯源批次可以撤回',
      'en-US': 'Only a published trace batch can be withdrawn',
    },
  },
  // ---- outlets and business profile ----
  outletMissing: {
    status: 404,
    code: 'wfpf.trace.outlet.notFound',
    message: {
      'zh-CN': '门店或网店不存在或已被删除',
      'en-US': 'No such store or online store, or it was deleted',
    },
  },
  outletNameTaken: {
    status: 409,
    code: 'wfpf.trace.outlet.nameTaken',
    message: { 'zh-CN': 'outletName：名称已存在', 'en-US': 'outletName: this name is taken' },
  },
  platformRequired: {
    status: 400,
    code: 'wfpf.trace.outlet.platformRequired',
    message: { 'zh-CN': 'platform：请选择网店平台', 'en-US': 'platform: choose the online platform' },
  },
  urlHttps: {
    status: 400,
    code: 'wfpf.trace.httpsOnly',
    message: {
      'zh-CN': '{field}：必须是 https:// 开头的网址',
      'en-US': '{field}: must be an https:// address',
    },
  },
  addressRequired: {
    status: 400,
    code: 'wfpf.trace.outlet.addressRequired',
    message: { 'zh-CN': 'address：门店地址不能为空', 'en-US': 'address: the shop address cannot be empty' },
  },
  creditCodeInvalid: {
    status: 400,
    code: 'wfpf.trace.business.creditCodeInvalid',
    message: {
      'zh-CN': 'creditCode：统一社会信用代码无效（18 位，校验码按 GB 32100-2015）',
      'en-US': 'creditCode: not a valid unified social credit code (18 characters, GB 32100-2015 check)',
    },
  },
  codePrefixInvalid: {
    status: 400,
    code: 'wfpf.trace.business.codePrefixInvalid',
    message: {
      'zh-CN': 'codePrefix：自有码前缀为 2–8 位字母或数字',
      'en-US': 'codePrefix: 2–8 letters or digits',
    },
  },
});
