// The shared rich text editor and viewer (issue 19): articles, notices, news and inquiry answers use them.
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { RichTextView, type RichTextViewProps } from './RichTextView';
export { normaliseImageUrl, normaliseLinkUrl } from './richtextUrl';
