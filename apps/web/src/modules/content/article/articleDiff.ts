import { type ChangeObject, diffWords } from 'diff';

// What changed between two revisions (WordPress's revision compare): the body as readable text, diffed by
// word (Intl.Segmenter's words, so Chinese is compared word by word, not as one long "word"), and each
// field's before and after.

const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|div|tr|pre)>|<br\s*\/?>/gi;

const decode = (s: string): string =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The body as text: one line per paragraph, heading or list item; a picture as "[picture: alt]". */
export const htmlToText = (html: string, pictureWord = 'picture'): string =>
  decode(
    html
      .replace(/<img\b[^>]*>/gi, (tag) => {
        const alt = /\salt="([^"]*)"/i.exec(tag)?.[1];
        return `\n[${pictureWord}${alt ? `: ${alt}` : ''}]\n`;
      })
      .replace(BLOCK_END, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');

export type DiffPart = Pick<ChangeObject<string>, 'value' | 'added' | 'removed'>;

const segmenter = (): Intl.Segmenter | undefined =>
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('zh', { granularity: 'word' })
    : undefined;

/** Word-level changes from `a` to `b` (insertions added, deletions removed, the rest shared). */
export const textDiff = (a: string, b: string): DiffPart[] => {
  const intlSegmenter = segmenter();
  const parts = intlSegmenter ? diffWords(a, b, { intlSegmenter }) : diffWords(a, b);
  return parts.map((p) => ({ value: p.value, added: p.added, removed: p.removed }));
};

/** How many characters were inserted and deleted. */
export const diffCounts = (parts: readonly DiffPart[]): { added: number; removed: number } =>
  parts.reduce(
    (n, p) => ({
      added: n.added + (p.added ? [...p.value].length : 0),
      removed: n.removed + (p.removed ? [...p.value].length : 0),
    }),
    { added: 0, removed: 0 },
  );

export const DIFF_FIELDS = [
  'title',
  'categoryName',
  'label',
  'articleSource',
  'summary',
  'coverPicture',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** The fields whose values differ, each with its before and after ('' for none). */
export const fieldChanges = (
  from: Record<DiffField, string | null>,
  to: Record<DiffField, string | null>,
): { field: DiffField; from: string; to: string }[] =>
  DIFF_FIELDS.filter((f) => (from[f] ?? '') !== (to[f] ?? '')).map((f) => ({
    field: f,
    from: from[f] ?? '',
    to: to[f] ?? '',
  }));
