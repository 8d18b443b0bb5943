import type { Page } from '@tilth/contracts';
import type {
  ChainBlock,
  ChainBlockDetail,
  ChainProof,
  ChainReportRow,
  ChainSummary,
  ChainVerification,
} from '@tilth/contracts/trace-chain.types';
import { api, type Query } from '../../../shared/api/client';

export type {
  ChainAnchor,
  ChainBlock,
  ChainBlockDetail,
  ChainProof,
  ChainReportRow,
  ChainSummary,
  ChainVerification,
} from '@tilth/contracts/trace-chain.types';

// The calls of the verifiable ledger (docs/api.md "Trace ledger").

export const CHAIN_CODES = {
  view: 'wfpf.farm.trace.block-chain',
  report: 'wfpf.farm.trace.block-chain-report',
  verify: 'wfpf.farm.trace.block-chain.ps.verify',
  anchor: 'wfpf.farm.trace.block-chain.ps.anchor',
} as const;

export const chainKeys = {
  all: (t: number) => ['traceChain', t] as const,
  summary: (t: number) => ['traceChain', t, 'summary'] as const,
  blocks: (t: number) => ['traceChain', t, 'blocks'] as const,
  block: (t: number, h: number) => ['traceChain', t, 'block', h] as const,
  tx: (t: number, hash: string) => ['traceChain', t, 'tx', hash] as const,
  report: (t: number) => ['traceChain', t, 'report'] as const,
};

const P = (t: number) => `/wfpf/v1/${t}/trace/chain`;

export const chainApi = {
  summary: (t: number) => api.get<ChainSummary>(`${P(t)}/summary`),
  blocks: (t: number, query: Query & { page: number; size: number }) =>
    api.get<Page<ChainBlock>>(`${P(t)}/blocks`, { query }),
  block: (t: number, height: number) => api.get<ChainBlockDetail>(`${P(t)}/blocks/${height}`),
  tx: (t: number, txHash: string) => api.get<ChainProof>(`${P(t)}/tx/${txHash}`),
  search: (t: number, q: string) =>
    api.get<{ kind: 'block' | 'tx' | 'none'; height: number | null; txHash: string | null }>(
      `${P(t)}/search`,
      {
        query: { q },
      },
    ),
  report: (t: number, query: Query & { page: number; size: number }) =>
    api.get<Page<ChainReportRow>>(`${P(t)}/report`, { query }),
  verify: (t: number, body: { runId?: number; fromHeight?: number; toHeight?: number }) =>
    api.post<ChainVerification>(`${P(t)}/verify`, { json: body }),
  retryAnchor: (t: number, height: number) =>
    api.post<{ retried: number }>(`${P(t)}/anchors/${height}/retry`),
  retryAll: (t: number) => api.post<{ retried: number }>(`${P(t)}/anchors/retry`),
};

export const blockPath = (height: number) => `/web/trace/block-chain-report/block/${height}`;
export const txPath = (hash: string) => `/web/trace/block-chain-report/tx/${hash}`;
/** First and last digits of a hash, for tables. */
export const shortHash = (h: string) => (h.length > 20 ? `${h.slice(0, 10)}…${h.slice(-8)}` : h);
/** SHA-256 / SM3 as their standards write them. */
export const algorithmName = (a: string) =>
  a === 'sha256' ? 'SHA-256' : a === 'sm3' ? 'SM3' : a.toUpperCase();
