// The public surface of access: what other domains may use (ADR 0009).
export { userRoles } from './access.tables.js';
export { AccessService } from './access.service.js';
export { dataScopeOf, permissionCodes, usersHolding } from './permission-codes.repository.js';
