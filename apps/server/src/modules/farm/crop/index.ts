// The public surface of crop: what other domains may use (ADR 0009).
export { crops, taskTypes, varieties } from './crop.tables.js';
export { cropLabel, taskTypeLabel } from './crop.labels.js';
export { findCrop } from './crop.repository.js';
export { findTaskType } from './task-type.repository.js';
export { findVariety } from './variety.repository.js';
export { CropService } from './crop.service.js';
export { VarietyService } from './variety.service.js';
export { seedCropCatalogue } from './crop.demo.js';
