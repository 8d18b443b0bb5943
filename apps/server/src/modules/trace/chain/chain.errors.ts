import { defineErrors } from '../../../platform/errors.js';

export const ChainErrors = defineErrors({
  blockNotFound: {
    status: 404,
    code: 'wfpf.chain.blockNotFound',
    message: { 'zh-CN': '区块不存在', 'en-US': 'No such block' },
  },
  txNotFound: {
    status: 404,
    code: 'wfpf.chain.txNotFound',
    message: { 'zh-CN': '交易不存在', 'en-US': 'No such transaction' },
  },
  noItems: {
    status: 400,
    code: 'wfpf.chain.noItems',
    message: { 'zh-CN': '没有要上链的记录', 'en-US': 'Nothing to append to the ledger' },
  },
  tooManyItems: {
    status: 400,
    code: 'wfpf.chain.tooManyItems',
    message: {
      'zh-CN': '一个区块最多 {max} 笔交易',
      'en-US': 'A block holds at most {max} transactions',
    },
  },
  badItem: {
    status: 400,
    code: 'wfpf.chain.badItem',
    message: {
      'zh-CN': '上链记录无效：{field}',
      'en-US': 'Invalid ledger item: {field}',
    },
  },
  runNotFound: {
    status: 404,
    code: 'wfpf.chain.runNotFound',
    message: { 'zh-CN': '校验任务不存在', 'en-US': 'No such verification run' },
  },
  runFinished: {
    status: 409,
    code: 'wfpf.chain.runFinished',
    message: {
      'zh-CN': '该校验已结束，请重新开始',
      'en-US': 'This verification has finished; start a new one',
    },
  },
  anchorOff: {
    status: 409,
    code: 'wfpf.chain.anchorOff',
    message: {
      'zh-CN': '未配置区块锚定（TILTH_CHAIN_ANCHOR=none）',
      'en-US': 'No anchoring is configured (TILTH_CHAIN_ANCHOR=none)',
    },
  },
  anchorNotFailed: {
    status: 409,
    code: 'wfpf.chain.anchorNotFailed',
    message: {
      'zh-CN': '区块 {height} 没有上链失败的锚定可重试',
      'en-US': 'Block {height} has no failed anchoring to retry',
    },
  },
});
