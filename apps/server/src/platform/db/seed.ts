import type { Database } from './client.js';

/**
 * One domain's demo rows (bases, announcements…), run by the demo seed after it made the tenants and users.
 * Declared here, below every context, so a domain's `*.demo.ts` never imports the demo context that calls it.
 */
export type DemoExtras = (
  database: Database,
  ids: { demoTenant: number; secondTenant: number; users: Record<string, number> },
) => Promise<void>;
