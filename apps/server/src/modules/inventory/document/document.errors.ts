import { defineErrors } from '../../../platform/errors.js';

// Inventory documents. 400s name the field (lines[i].quantity…) so the form can mark it, with the reason in
// the caller's language; 409s are states.

/** A 400 about one field: `{field}：reason` (the form marks the field it names). */
const field = (key: string, zh: string, en: string) => ({
  status: 400,
  code: `wfpf.inventory.docInvalid.${key}`,
  message: { 'zh-CN': `{field}：${zh}`, 'en-US': `{field}: ${en}` },
});

/** A 409: the action does not fit the document's state or type. */
const wrong = (zh: string, en: string) => ({
  status: 409,
  code: 'wfpf.inventory.docWrongAction',
  message: {
    'zh-CN': `此单据不能执行该操作：${zh}`,
    'en-US': `This action is not possible on this document: ${en}`,
  },
});

export const InvDocErrors = defineErrors({
  // ---- 400: one field ----
  required: field('required', '必填', 'required'),
  requiredForProduct: field('requiredForProduct', '该商品必须填写', 'required for this product'),
  notPositive: field('notPositive', '必须大于 0', 'must be more than 0'),
  tooManyLines: field('tooManyLines', '最多 {max} 行', 'at most {max} lines'),
  noSuchSku: field('noSuchSku', '商品不存在', 'no such SKU'),
  skuDisabled: field('skuDisabled', '“{name}”已停用', '{name} is disabled'),
  notUnitOfSku: field('notUnitOfSku', '不是“{name}”的单位', 'not a unit of {name}'),
  duplicateSku: field('duplicateSku', '同一商品和批次出现了两次', 'the same SKU and lot twice'),
  shortage: field('shortage', '“{name}”仅可用 {available}', '{name}: only {available} available'),
  badBizType: field('badBizType', '不是此类单据的业务类型', 'not a business type of this document type'),
  noSuchWarehouse: field('noSuchWarehouse', '仓库不存在', 'no such warehouse'),
  warehouseDisabled: field('warehouseDisabled', '仓库已停用', 'the warehouse is disabled'),
  notUsed: field('notUsed', '此类单据不使用该字段', 'not used by this document type'),
  sameAs: field('sameAs', '不能与 {other} 相同', 'must differ from {other}'),
  noSuchPartner: field('noSuchPartner', '往来单位不存在', 'no such business partner'),
  notSupplier: field('notSupplier', '“{name}”不是供应商', '{name} is not a supplier'),
  notCustomer: field('notCustomer', '“{name}”不是客户', '{name} is not a customer'),
  earlierThan: field('earlierThan', '不能早于 {other}', 'may not be earlier than {other}'),
  laterThan: field('laterThan', '不能晚于 {other}', 'may not be later than {other}'),
  noSuchSource: field('noSuchSource', '来源单据不存在', 'no such document'),
  notConvertible: field(
    'notConvertible',
    '来源单据不能转换为这种单据',
    'the source document does not convert into this one',
  ),
  noOwnDestination: field(
    'noOwnDestination',
    '该出库单不是发往本企业的仓库',
    'the outbound goes to no own warehouse',
  ),
  notDestination: field('notDestination', '必须是出库单的目标仓库', "must be the outbound's destination"),
  receiptNeedsSource: field(
    'receiptNeedsSource',
    '调拨入库由出库单转换而来，每一行都必须来自出库单',
    'a transfer receipt is converted from an outbound, every line from one of its lines',
  ),
  sourceLineWithoutSource: field(
    'sourceLineWithoutSource',
    '指定了来源明细行却没有来源单据',
    'sourceLineId without a source document',
  ),
  notSourceLine: field('notSourceLine', '不是来源单据的明细行', 'not a line of the source document'),
  notAsSource: field('notAsSource', '必须与来源明细行一致', 'must be that of the source line'),
  notLineOfDoc: field('notLineOfDoc', '不是本单据的明细行', 'not a line of this document'),
  lineTwice: field('lineTwice', '同一行出现了两次', 'the same line twice'),
  otherLot: field('otherLot', '该行已按另一批次部分执行', 'the line was partly executed with another lot'),
  notFound: {
    status: 404,
    code: 'wfpf.inventory.docNotFound',
    message: { 'zh-CN': '单据不存在或已被删除', 'en-US': 'No such document, or it was deleted' },
  },
  notEditable: {
    status: 409,
    code: 'wfpf.inventory.docNotEditable',
    message: {
      'zh-CN': '只有草稿或已驳回的单据可以修改、删除或提交',
      'en-US': 'Only a draft or rejected document can be edited, deleted or submitted',
    },
  },
  notApproved: {
    status: 409,
    code: 'wfpf.inventory.docNotApproved',
    message: {
      'zh-CN': '单据尚未审核通过，不能执行此操作',
      'en-US': 'The document is not approved yet; this action is not possible',
    },
  },
  // ---- 409: this action on this document ----
  reversedOrReversing: wrong('已被冲销或本身是冲销单', 'reversed or reversing'),
  notConvertibleTo: wrong('不能转换为这种单据', 'it does not convert into this document type'),
  nothingToConvert: wrong('没有可转换的剩余数量', 'nothing remains to convert'),
  notForThisType: wrong('此类单据不支持该操作', 'not possible on this document type'),
  nothingToTransfer: wrong('没有待调拨的剩余数量', 'nothing remains to transfer'),
  alreadyAdjusted: wrong('已生成盘点调整', 'already adjusted'),
  nothingExecuted: wrong('尚未执行任何数量', 'nothing was executed'),
  overConversion: {
    status: 409,
    code: 'wfpf.inventory.overConversion',
    message: {
      'zh-CN': '第 {line} 行超出来源单据的剩余数量：剩余 {remaining}，本次 {requested}',
      'en-US': 'Line {line} exceeds what remains of the source document: {remaining} left, {requested} asked',
    },
  },
  overExecution: {
    status: 409,
    code: 'wfpf.inventory.overExecution',
    message: {
      'zh-CN': '第 {line} 行超出剩余数量：剩余 {remaining}，本次 {requested}',
      'en-US': 'Line {line} exceeds what remains: {remaining} left, {requested} asked',
    },
  },
  insufficientStock: {
    status: 409,
    code: 'wfpf.inventory.insufficientStock',
    message: {
      'zh-CN': '库存不足：{product} 在 {warehouse} 可用 {available}，需要 {requested}',
      'en-US': 'Not enough stock: {warehouse} has {available} of {product}, {requested} needed',
    },
  },
});
