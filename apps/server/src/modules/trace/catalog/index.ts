// The public surface of trace/catalog: what other domains and the composition root may use (ADR 0009).
export * from './catalog.tables.js';
// ---- catalogue (part A) ----
export { registerTraceCatalogRoutes } from './catalog.routes.js';
export {
  findTraceBatchForCodes,
  type TraceBatchForCodes,
  traceBusinessProfile,
  traceCatalogCounts,
} from './catalog.read.js';
export { DEMO_TRACE_GTIN, DEMO_TRACE_LOT, seedDemoTraceCatalog } from './catalog.demo.js';
// ---- end catalogue ----
