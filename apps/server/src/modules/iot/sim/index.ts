// The public surface of sim: what other domains may use (ADR 0009).
export { findSimByIccid } from './sim.repository.js';
export { toSim } from './sim.service.js';
