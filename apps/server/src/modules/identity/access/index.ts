// The public surface of access: what other domains may use (ADR 0009).
export { AccessService } from './access.service.js';
