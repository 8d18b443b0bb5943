import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { users } from '../identity/index.js';

/** The tenant a user works in now, and their default one (global users table). */
export const tenantsOfUser = async (
  db: Db,
  userId: number,
): Promise<{ currentTenantId: number | null; defaultTenantId: number | null } | undefined> => {
  const [r] = await db
    .select({ currentTenantId: users.currentTenantId, defaultTenantId: users.defaultTenantId })
    .from(users)
    .where(eq(users.id, userId));
  return r;
};
