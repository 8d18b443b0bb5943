/** The rows of a raw `db.execute(sql…)` answer (both drivers answer `{ rows }`; Drizzle types it unknown). */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
