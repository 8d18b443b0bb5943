import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the chain part (issue 18): the ledger browser, its report, and a block's and a
// transaction's page (children of the report, not in the menu). modules/trace/routes.ts joins the parts.

const ChainPage = lazyPage(() => import('./chain/ChainPage'), 'ChainPage');
const ChainReportPage = lazyPage(() => import('./chain/ChainReportPage'), 'ChainReportPage');
const ChainBlockPage = lazyPage(() => import('./chain/ChainBlockPage'), 'ChainBlockPage');
const ChainTxPage = lazyPage(() => import('./chain/ChainTxPage'), 'ChainTxPage');

const GROUP = 'wfpf.farm.trace';

export const TRACE_CHAIN_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/trace/block-chain',
    title: 'trace:route.blockChain',
    isAuth: true,
    isKeeping: true,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.trace.block-chain',
    page: ChainPage,
  },
  {
    path: '/web/trace/block-chain-report',
    title: 'trace:route.blockChainReport',
    isAuth: true,
    isKeeping: true,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.trace.block-chain-report',
    page: ChainReportPage,
  },
  {
    path: '/web/trace/block-chain-report/block/:height',
    title: 'trace:route.block',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.trace.block-chain-report',
    page: ChainBlockPage,
  },
  {
    path: '/web/trace/block-chain-report/tx/:hash',
    title: 'trace:route.tx',
    isAuth: true,
    isKeeping: false,
    group: GROUP,
    area: 'shell',
    code: 'wfpf.farm.trace.block-chain-report',
    page: ChainTxPage,
  },
];
