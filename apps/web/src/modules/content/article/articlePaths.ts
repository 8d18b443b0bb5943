/** The graphic editor for one article, or for a new one. */
export const editorPath = (id: number | null): string =>
  id === null ? '/system/graphic-editor' : `/system/graphic-editor?id=${id}`;

/** The ?id= of the editor's address, when it names an article. */
export const editorIdOf = (search: URLSearchParams): number | null => {
  const raw = search.get('id');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};
