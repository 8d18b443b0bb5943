import { defineErrors } from '../../../platform/errors.js';

// Why a trace batch cannot be published (issue 18 item 3): each names what to fix first.

export const PublishErrors = defineErrors({
  batchNotFound: {
    status: 404,
    code: 'wfpf.trace.publish.batchNotFound',
    message: { 'zh-CN': '溯源批次不存在或已被删除', 'en-US': 'No such trace batch, or it was deleted' },
  },
  noProduct: {
    status: 400,
    code: 'wfpf.trace.publish.noProduct',
    message: {
      'zh-CN': 'traceProductId：批次的溯源产品不存在，请先选择产品',
      'en-US': 'traceProductId: the batch has no trace product; choose one first',
    },
  },
  noSource: {
    status: 400,
    code: 'wfpf.trace.publish.noSource',
    message: {
      'zh-CN': 'farmBatchIds：批次没有关联的农场批次（采收），无法发布',
      'en-US': 'farmBatchIds: the batch is linked to no farm batch (harvest), so there is nothing to publish',
    },
  },
  notHarvested: {
    status: 400,
    code: 'wfpf.trace.publish.notHarvested',
    message: {
      'zh-CN': 'farmBatchIds：关联的农场批次尚未采收，采收后才能发布',
      'en-US': 'farmBatchIds: a linked farm batch is not harvested yet; publish after the harvest',
    },
  },
});
