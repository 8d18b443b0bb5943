// Pictures of a live article (its cover and the <img> of its body) are as public as the article: the news
// answers point them at the news image route, which serves only files the live article shows — never
// another file of the tenant, never another tenant's.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A stored-file URL (the file domain's /file or /image address), optionally with its query. */
const fileUrl = () =>
  new RegExp(`/hfle/v1/(\\d{1,10})/files/(${UUID})/(?:file|image)(?:\\?[^"'\\s<>]*)?`, 'gi');

export const newsImagePath = (tenantId: number, consultId: number, fileId: string): string =>
  `/wfpf/v1/public/${tenantId}/news/${consultId}/image/${fileId.toLowerCase()}`;

/** The ids of this tenant's files an article shows (cover and body). */
export const shownFileIds = (tenantId: number, cover: string | null, content: string): Set<string> => {
  const ids = new Set<string>();
  for (const text of [cover ?? '', content])
    for (const m of text.matchAll(fileUrl()))
      if (Number(m[1]) === tenantId && m[2]) ids.add(m[2].toLowerCase());
  return ids;
};

/** Text with this tenant's file URLs pointed at the article's image route (body pictures at 1600 wide). */
export const withNewsImages = (tenantId: number, consultId: number, text: string, width: number): string =>
  text.replace(fileUrl(), (whole, t: string, id: string) =>
    Number(t) === tenantId ? `${newsImagePath(tenantId, consultId, id)}?width=${width}` : whole,
  );
