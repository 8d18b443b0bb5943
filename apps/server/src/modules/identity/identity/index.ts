// The public surface of identity: what other domains may use (ADR 0009).
export { memberships, users } from './identity.tables.js';
export {
  addMembership,
  findUserByLogin,
  hasMembership,
  insertUser,
  isTenantMember,
} from './identity.repository.js';
export { provisionTenant } from './tenant-provision.js';
export { seedDemoUsers } from './users.demo.js';
