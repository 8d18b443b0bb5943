import type { Db } from '../../../platform/db/client.js';
import type { AppError } from '../../../platform/errors.js';

/** A unit about to be deleted, as the checks of higher contexts see it. */
export interface UnitRef {
  id: number;
  name: string;
  organizationType: string;
}

/**
 * A reason a higher context refuses a unit's deletion (farm: a base with plots), answered as its own typed
 * error with both languages; undefined lets it go. ADR 0011: identity imports no farm code, so the checks
 * are registered at start-up (app/server.ts).
 */
export type UnitDeleteCheck = (db: Db, tenantId: number, unit: UnitRef) => Promise<AppError | undefined>;

const checks = new Map<string, UnitDeleteCheck>();

/** Registers (or replaces, by name: several servers may start in one process) a delete check. */
export const registerUnitDeleteCheck = (name: string, check: UnitDeleteCheck): void => {
  checks.set(name, check);
};

/** The first refusal of the registered checks, if any. */
export const unitDeleteRefusal = async (
  db: Db,
  tenantId: number,
  unit: UnitRef,
): Promise<AppError | undefined> => {
  for (const check of checks.values()) {
    const refusal = await check(db, tenantId, unit);
    if (refusal) return refusal;
  }
  return undefined;
};
