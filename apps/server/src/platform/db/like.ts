/** Escapes LIKE wildcards so a user's search text matches literally (`%${escapeLike(s)}%`). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search-text filter from a query parameter: trimmed, and blank means no filter. */
export const containsFilter = (s: string | undefined): string | undefined => s?.trim() || undefined;
