/**
 * Key of the advisory transaction lock that serialises a tenant's plot and batch writes: "at most one
 * growing batch per plot" and the daily batch-code serial have no database constraint to lean on. Both
 * repositories take the same lock, always first, so no two orders can deadlock.
 */
export const plotLockKey = (tenantId: number): string => `plots:${tenantId}`;
