import { tenantParam } from '@tilth/contracts/common.types';
import {
  chainAnchorRetryAnswer,
  chainBlockDetail,
  chainBlockListQuery,
  chainBlockPage,
  chainHeightParam,
  chainProof,
  chainProofQuery,
  chainReportPage,
  chainReportQuery,
  chainSearchAnswer,
  chainSearchQuery,
  chainSummary,
  chainTxParam,
  chainVerification,
  chainVerifyBody,
} from '@tilth/contracts/trace-chain.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CHAIN_ACCESS } from './chain.access.js';
import { parseChainSettings, useChainSettings } from './chain.config.js';
import { anchorRunnerOf } from './chain.jobs.js';
import { ChainService } from './chain.service.js';

// The verifiable ledger's console API (issue 18 item 4; docs/api.md "Trace ledger"). Nothing here
// writes a block: publishing appends (appendToChain), inside its own transaction.

const P = '/wfpf/v1/:tenantId/trace/chain';

export const registerChainRoutes = (app: App, platform: Platform): void => {
  // Publishing hashes and seals with this server's settings (TILTH_CHAIN_*); a bad setting stops the start.
  useChainSettings(parseChainSettings(platform.config.chain));
  const svc = new ChainService(platform);

  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/summary`,
    access: CHAIN_ACCESS.view,
    summary: 'Height, transactions, last block time, algorithm, anchoring and its counts, last verification',
    schema: { params: tenantParam, response: { 200: chainSummary } },
    handler: (ctx) => svc.summary(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/blocks`,
    access: CHAIN_ACCESS.view,
    summary:
      'Blocks, newest first (page, size ≤ 100; q = height, block hash or tx hash / 8+ first digits; anchorStatus)',
    schema: { params: tenantParam, querystring: chainBlockListQuery, response: { 200: chainBlockPage } },
    handler: (ctx, req) => svc.blocks(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/blocks/:height`,
    access: CHAIN_ACCESS.view,
    summary: 'One block: header, anchor and its transactions with their Merkle path lengths',
    schema: { params: chainHeightParam, response: { 200: chainBlockDetail } },
    handler: (ctx, req) => svc.block(ctx, req.params.height),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/tx/:txHash`,
    access: CHAIN_ACCESS.view,
    summary: 'One transaction with its proof (Merkle path, block header, algorithm, anchor)',
    schema: { params: chainTxParam, response: { 200: chainProof } },
    handler: (ctx, req) => svc.proof(ctx, { txHash: req.params.txHash }),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/proof`,
    access: CHAIN_ACCESS.view,
    summary: 'The proof of a transaction by txHash, or of the latest one recording kind + refId',
    schema: { params: tenantParam, querystring: chainProofQuery, response: { 200: chainProof } },
    handler: (ctx, req) => svc.proof(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/search`,
    access: CHAIN_ACCESS.view,
    summary: 'What a height, block hash or tx hash (or its 8+ first digits) names: block, tx or none',
    schema: { params: tenantParam, querystring: chainSearchQuery, response: { 200: chainSearchAnswer } },
    handler: (ctx, req) => svc.search(ctx, req.query.q),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${P}/report`,
    access: CHAIN_ACCESS.report,
    summary:
      'Published trace records on the ledger (product, lot, version, tx, block, anchor); keyword, traceBatchId, anchorStatus, from/to',
    schema: { params: tenantParam, querystring: chainReportQuery, response: { 200: chainReportPage } },
    handler: (ctx, req) => svc.report(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/verify`,
    access: CHAIN_ACCESS.verify,
    summary:
      'One time-bounded slice of a verification run (starts one without runId); call again while status is running',
    schema: { params: tenantParam, body: chainVerifyBody, response: { 200: chainVerification } },
    handler: (ctx, req) => svc.verify(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/anchors/:height/retry`,
    access: CHAIN_ACCESS.anchor,
    summary: "Retries a block's failed ('up-chain failed') anchoring; 409 when it has none",
    schema: { params: chainHeightParam, response: { 200: chainAnchorRetryAnswer } },
    handler: async (ctx, req, reply) => {
      const out = await svc.retryAnchors(ctx, req.params.height);
      // After commit: the runner's own transaction must see the row pending.
      reply.raw.once('finish', () => void anchorRunnerOf(platform).kick(ctx.tenantId ?? undefined));
      return out;
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${P}/anchors/retry`,
    access: CHAIN_ACCESS.anchor,
    summary: "Retries every failed ('up-chain failed') anchoring of the tenant",
    schema: { params: tenantParam, response: { 200: chainAnchorRetryAnswer } },
    handler: async (ctx, _req, reply) => {
      const out = await svc.retryAnchors(ctx);
      reply.raw.once('finish', () => void anchorRunnerOf(platform).kick(ctx.tenantId ?? undefined));
      return out;
    },
  });
};
