import './richtext.css';

export interface RichTextViewProps {
  /** HTML the server has already cleaned on write (messaging/notice sanitiser). */
  html: string;
  className?: string;
}

/** Stored rich text, read-only, with the editor's typography. */
export function RichTextView({ html, className }: RichTextViewProps) {
  return (
    <div
      className={className ? `tilth-richtext ${className}` : 'tilth-richtext'}
      data-testid="richtext-view"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on write (sanitizeNoticeHtml)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
