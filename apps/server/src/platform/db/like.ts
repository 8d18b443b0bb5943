/** Escapes LIKE wildcards so a user's search text matches literally (`%${escapeLike(s)}%`). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
