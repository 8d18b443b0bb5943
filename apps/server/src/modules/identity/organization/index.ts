// The public surface of organization: what other domains may use (ADR 0009, ADR 0011).
export { areas, corporations, orgUnitMembers } from './organization.tables.js';
export { OrganizationErrors } from './organization.errors.js';
export { registerUnitDeleteCheck, type UnitDeleteCheck, type UnitRef } from './organization.ports.js';
export {
  addStaff,
  deleteUnit,
  ENTERPRISE,
  findRoot,
  headOf,
  insertRootUnit,
  insertUnit,
  isSelfOrDescendant,
  lockUnits,
  makeDefaultBase,
  type UnitConflict,
  type UnitRow,
  type UnitValues,
  subtreeIdsSql,
  type UnitWrite,
  unitAndDescendants,
  unitOf,
  unitsOfUsers,
  updateUnit,
} from './organization.repository.js';
export { saveLegalData } from './corporation.repository.js';
export { seedOrganization } from './organization.demo.js';
