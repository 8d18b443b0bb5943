import { useMemo } from 'react';
import { useImageSrcs } from '../file/fileImage';
import { serverImagesOf, withShownImages } from './richtextImages';
import './richtext.css';

export interface RichTextViewProps {
  /** HTML the server has already cleaned on write (messaging/notice sanitiser). */
  html: string;
  className?: string;
  /**
   * Whether stored pictures (/hfle/…) are read with the session (the console). Signed-out pages pass false
   * and give public picture addresses.
   */
  sessionImages?: boolean;
}

/** Stored rich text, read-only, with the editor's typography. */
export function RichTextView({ html, className, sessionImages = true }: RichTextViewProps) {
  const urls = useMemo(() => (sessionImages ? serverImagesOf(html) : []), [html, sessionImages]);
  const shown = useImageSrcs(urls);
  const out = useMemo(() => {
    if (urls.length === 0) return html;
    const byUrl = new Map(urls.map((u, i) => [u, shown[i] ?? null]));
    return withShownImages(html, (src) => byUrl.get(src) ?? null);
  }, [html, urls, shown]);
  return (
    <div
      className={className ? `tilth-richtext ${className}` : 'tilth-richtext'}
      data-testid="richtext-view"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on write (sanitizeNoticeHtml); only img src values are swapped here
      dangerouslySetInnerHTML={{ __html: out }}
    />
  );
}
