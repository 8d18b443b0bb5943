// The public surface of area: what other domains may use (ADR 0009).
export { areas } from './area.tables.js';
export { AreaErrors } from './area.errors.js';
export { type BaseRef, FARM_BASE, findBase, listAreas } from './area.repository.js';
export { AreaService } from './area.service.js';
