// The banner form's client checks, the same rule as the server's (http(s), or an in-app path with one '/').

export const isBannerLink = (v: string): boolean => {
  const s = v.trim();
  return s === '' || /^https?:\/\/[^\s/]+\S*$/i.test(s) || /^\/(?!\/)[^\s\\]*$/.test(s);
};

/** The list with the item at `index` moved one place up (-1) or down (1); unchanged at the ends. */
export const moveItem = <T>(list: readonly T[], index: number, by: -1 | 1): T[] => {
  const to = index + by;
  const out = [...list];
  if (to < 0 || to >= out.length) return out;
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item as T);
  return out;
};
