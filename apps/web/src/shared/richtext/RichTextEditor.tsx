import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextToolbar } from './RichTextToolbar';
import { normaliseImageUrl, normaliseLinkUrl } from './richtextUrl';
import { UrlDialog } from './UrlDialog';
import './richtext.css';

export interface RichTextEditorProps {
  /** The HTML being edited. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** The image button asks this (e.g. the picture library); without it the button asks for an address. */
  onPickImage?: () => Promise<{ src: string; alt?: string } | null>;
  /** Minimum height of the writing area in px. */
  minHeight?: number;
  disabled?: boolean;
  /** aria-label of the writing area. */
  ariaLabel?: string;
}

// An empty document serialises as one empty paragraph; the form's value for it is ''.
const EMPTY_DOC = '<p></p>';
const toValue = (html: string): string => (html === EMPTY_DOC ? '' : html);

/** Rich text with a toolbar (tiptap 3). Chinese IME composition is handled by ProseMirror itself. */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  onPickImage,
  minHeight = 240,
  disabled = false,
  ariaLabel,
}: RichTextEditorProps) {
  const { t } = useTranslation('richtext');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The HTML last sent out: a value coming back equal to it is our own echo, not new content to load.
  const emitted = useRef(value);
  const [dialog, setDialog] = useState<null | { kind: 'link' | 'image'; url: string }>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
      Image.configure({ allowBase64: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'tilth-richtext',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel ?? placeholder ?? t('richtext.body'),
        'data-testid': 'richtext-input',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = toValue(e.getHTML());
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value from outside (a loaded article, a restored revision) replaces the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const isEmpty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? true });

  const insertImage = async () => {
    if (!editor) return;
    if (!onPickImage) {
      setDialog({ kind: 'image', url: '' });
      return;
    }
    const picked = await onPickImage();
    if (picked) editor.chain().focus().setImage({ src: picked.src, alt: picked.alt }).run();
  };

  const editLink = () => {
    if (!editor) return;
    const current = editor.getAttributes('link').href;
    setDialog({ kind: 'link', url: typeof current === 'string' ? current : '' });
  };

  const applyDialog = ({ url, alt }: { url: string; alt?: string }) => {
    if (!editor || !dialog) return;
    if (dialog.kind === 'image') editor.chain().focus().setImage({ src: url, alt }).run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setDialog(null);
  };

  return (
    <div
      className="tilth-richtext-editor"
      style={{ ['--tilth-richtext-min-height' as string]: `${minHeight}px` }}
      data-testid="richtext-editor"
    >
      {editor ? (
        <RichTextToolbar editor={editor} disabled={disabled} onImage={insertImage} onLink={editLink} />
      ) : null}
      <div className="tilth-richtext-body">
        {isEmpty && placeholder ? (
          <div className="tilth-richtext-placeholder" aria-hidden>
            {placeholder}
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
      <UrlDialog
        open={dialog !== null}
        kind={dialog?.kind ?? 'link'}
        initialUrl={dialog?.url}
        normalise={dialog?.kind === 'image' ? normaliseImageUrl : normaliseLinkUrl}
        onOk={applyDialog}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
