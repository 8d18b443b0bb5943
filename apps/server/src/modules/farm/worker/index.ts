// The public surface of worker: what other domains may use (ADR 0009).
export { workers } from './worker.tables.js';
export { seedWorkers } from './worker.demo.js';
