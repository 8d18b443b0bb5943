import { ARTICLE_CONTENT_MAX } from '@tilth/contracts/article.types';
import { sanitizeNoticeHtml } from '../../messaging/notice/index.js';
import { ArticleErrors } from './article.errors.js';

// Article bodies go through the product's one sanitiser (messaging/notice) on every write.

/** The body cleaned for storing; refuses one that is still over the limit once cleaned. */
export const cleanArticleHtml = (html: string): string => {
  const clean = sanitizeNoticeHtml(html);
  if (clean.length > ARTICLE_CONTENT_MAX) throw ArticleErrors.contentTooLong({ max: ARTICLE_CONTENT_MAX });
  return clean;
};

const decode = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The picture addresses a cleaned body shows (img src, in order, once each). */
export const imageUrlsOf = (cleanHtml: string): string[] => {
  const out = new Set<string>();
  for (const m of cleanHtml.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    const src = decode(m[1] ?? '').trim();
    if (src) out.add(src);
  }
  return [...out];
};

/** The body as plain text: whether it says anything (an image alone counts). */
export const hasBody = (cleanHtml: string): boolean =>
  /<img\b/i.test(cleanHtml) || decode(cleanHtml.replace(/<[^>]*>/g, '')).replace(/\s|&nbsp;/g, '') !== '';
