// The public surface of area: what other domains may use (ADR 0009).
export { areas } from '../../identity/organization/index.js';
export { AreaErrors } from './area.errors.js';
export { type BaseRef, FARM_BASE, findBase, listAreas } from './area.repository.js';
export { AreaService, basePlotsCheck } from './area.service.js';
