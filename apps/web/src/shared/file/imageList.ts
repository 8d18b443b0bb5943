/** The images after adding new ones: no repeats, at most `max`, order kept. */
export const addImages = (current: readonly string[], added: readonly string[], max: number): string[] =>
  [...new Set([...current, ...added])].slice(0, max);
