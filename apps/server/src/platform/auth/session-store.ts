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

/** An application (OAuth client) as authentication of its tokens needs it (ClientRow of identity's store). */
export interface ClientRow {
  id: number;
  tenantId: number;
  appId: string;
  name: string;
  enabled: boolean;
  expiresAt: Date | null;
  secretGeneration: number;
  scopes: string[];
  /** Canonical addresses / CIDR blocks; empty: any address. */
  ipAllowList: string[];
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
  /** The application of a client id, read in its tenant's transaction (row-level security). */
  findClient(db: Db, appId: string): Promise<ClientRow | undefined>;
}
