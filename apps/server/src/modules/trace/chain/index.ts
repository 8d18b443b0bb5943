// The verifiable ledger's public surface (ADR 0009): publishing (trace/catalog) seals records with
// appendToChain inside its transaction and hashes them with canonicalHash; the public trace page shows
// chainProof. The composition root registers the routes and the anchoring job.
export { chainAnchors, chainBlocks, chainTransactions, chainVerifications } from './chain.tables.js';
export { type ChainAnchorProvider, fiscoProvider } from './chain.anchor.js';
export { chainSettings } from './chain.config.js';
export { canonicalHash, chainHash } from './chain.hash.js';
export { anchorRunnerOf, chainJobs } from './chain.jobs.js';
export {
  appendToChain,
  type ChainItem,
  chainProof,
  MAX_BLOCK_TXS,
  type Sealed,
  verifyChain,
} from './chain.ledger.js';
export { registerChainRoutes } from './chain.routes.js';
// Read by the public trace page (part D): the proof's block linked to its neighbours; Node's hash functions.
export { chainBlockLinked } from './chain.link.js';
export { NODE_HASHES } from './chain.hash.js';
