// The public surface of access: what other domains may use (ADR 0009).
export { AccessService } from './access.service.js';
export { permissionCodes } from './permission-codes.repository.js';
