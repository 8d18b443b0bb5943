// The public surface of crop: what other domains may use (ADR 0009).
export { crops, taskTypes, varieties } from './crop.tables.js';
export { CropService, containsFilter, flagOf } from './crop.service.js';
export { VarietyService } from './variety.service.js';
export { demoAdminCtx, seedCropCatalogue } from './crop.demo.js';
