// The public surface of identity: what other domains may use (ADR 0009).
export { memberships, users } from './identity.tables.js';
export { isMember } from './session.repository.js';
export { addMembership, findUserByLogin, insertUser } from './identity.repository.js';
