// The public surface of tenant: what other domains may use (ADR 0009).
export { tenants } from './tenant.tables.js';
export {
  findTenant,
  insertTenant,
  listTenantIds,
  type TenantRow,
  tenantTimeZone,
} from './tenant.repository.js';
export { TenantService } from './tenant.service.js';
export { seedPlatformDemo } from './tenant.demo.js';
