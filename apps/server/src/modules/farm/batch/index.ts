// The public surface of batch: what other domains may use (ADR 0009).
export { batches } from './batch.tables.js';
export {
  closeGrowingBatches,
  detachBatches,
  growingBatches,
  moveBatchesToBase,
  type PlotBatch,
  plotHistory,
} from './batch-plot.repository.js';
export { findBatch } from './batch.repository.js';
export { BatchService } from './batch.service.js';
export { seedBatches } from './batch.demo.js';
