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
// ---- publishing and published records (part D: record.*, publish.*) ----
export {
  type AssembleRefusal,
  assembleRecord,
  type FootprintOf,
  RECORD_IMAGES_MAX,
} from './record.assembler.js';
export { type PublishedTrace, publishedTraceBatch, tenantOfGtin } from './record.repository.js';
export { registerPublishRoutes } from './publish.routes.js';
export { PublishService } from './publish.service.js';
export { seedDemoTracePublication, seedDemoTracePublicationLater } from './publish.demo.js';
// ---- end publishing ----
