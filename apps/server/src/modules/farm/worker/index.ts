// The public surface of worker: what other domains may use (ADR 0009).
export { workers } from './worker.tables.js';
export { enabledWorkers } from './worker.repository.js';
export { seedWorkers } from './worker.demo.js';
