// The public surface of sim: what other domains may use (ADR 0009).
export { simCards } from './sim.tables.js';
export { findSimByIccid, insertSeedSimCards } from './sim.repository.js';
export { toSim } from './sim.service.js';
