import type { Db } from '../db/client.js';

export interface SessionRow {
  userId: number;
  loginName: string;
  realName: string;
  platformAdmin: boolean;
  enabled: boolean;
  revokedAt: Date | null;
  expiresAt: Date;
}

/**
 * What authentication needs to know about sessions, memberships and permissions. The identity context
 * owns those tables and implements it; the composition root (app/server.ts) wires it into Platform.
 */
export interface SessionStore {
  findSession(db: Db, sessionId: string): Promise<SessionRow | undefined>;
  isMember(db: Db, userId: number, tenantId: number): Promise<boolean>;
  /** Codes of the user's roles in the transaction's tenant (row-level security picks the tenant). */
  permissionCodes(db: Db, userId: number): Promise<string[]>;
  /**
   * The bases a member may see in the transaction's tenant (ADR 0012): undefined for all of them, else
   * their ids (possibly none).
   */
  dataScope(db: Db, userId: number): Promise<readonly number[] | undefined>;
  /** The tenant's time zone (undefined for a tenant that does not exist). */
  tenantTimeZone(db: Db, tenantId: number): Promise<string | undefined>;
}
