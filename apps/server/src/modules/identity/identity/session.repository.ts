import { eq } from 'drizzle-orm';
import type { SessionRow } from '../../../platform/auth/session-store.js';
import type { Db } from '../../../platform/db/client.js';
import { isTenantMember } from './identity.repository.js';
import { authSessions, users } from './identity.tables.js';

// Identity's share of the platform's SessionStore (wired in app/server.ts): open sessions and memberships.

export const findSession = async (db: Db, sessionId: string): Promise<SessionRow | undefined> => {
  const [row] = await db
    .select({
      userId: users.id,
      loginName: users.loginName,
      realName: users.realName,
      platformAdmin: users.platformAdmin,
      enabled: users.enabled,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  return row;
};

/** SessionStore.isMember: the one membership check (identity.repository), in the store's argument order. */
export const isMember = (db: Db, userId: number, tenantId: number): Promise<boolean> =>
  isTenantMember(db, tenantId, userId);
