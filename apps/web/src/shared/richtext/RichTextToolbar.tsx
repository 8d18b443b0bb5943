import AlignCenterOutlined from '@ant-design/icons/AlignCenterOutlined';
import AlignLeftOutlined from '@ant-design/icons/AlignLeftOutlined';
import AlignRightOutlined from '@ant-design/icons/AlignRightOutlined';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Tool {
  key: string;
  icon: ReactNode;
  run: () => void;
  active?: boolean;
  enabled?: boolean;
}

export interface RichTextToolbarProps {
  editor: Editor;
  disabled: boolean;
  onImage: () => void;
  onLink: () => void;
}

const text = (label: string, style?: CSSProperties) => (
  <span style={{ fontWeight: 600, fontSize: 13, ...style }}>{label}</span>
);

/** Groups of buttons; each tooltip (and aria-label) is its bilingual name. */
export function RichTextToolbar({ editor, disabled, onImage, onLink }: RichTextToolbarProps) {
  const { t } = useTranslation('richtext');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const groups: Tool[][] = [
    [
      { key: 'undo', icon: <UndoOutlined />, run: () => chain().undo().run(), enabled: state.canUndo },
      { key: 'redo', icon: <RedoOutlined />, run: () => chain().redo().run(), enabled: state.canRedo },
    ],
    [
      { key: 'h1', icon: text('H1'), run: () => chain().toggleHeading({ level: 1 }).run(), active: state.h1 },
      { key: 'h2', icon: text('H2'), run: () => chain().toggleHeading({ level: 2 }).run(), active: state.h2 },
      { key: 'h3', icon: text('H3'), run: () => chain().toggleHeading({ level: 3 }).run(), active: state.h3 },
    ],
    [
      { key: 'bold', icon: <BoldOutlined />, run: () => chain().toggleBold().run(), active: state.bold },
      {
        key: 'italic',
        icon: <ItalicOutlined />,
        run: () => chain().toggleItalic().run(),
        active: state.italic,
      },
      {
        key: 'underline',
        icon: <UnderlineOutlined />,
        run: () => chain().toggleUnderline().run(),
        active: state.underline,
      },
      {
        key: 'strike',
        icon: <StrikethroughOutlined />,
        run: () => chain().toggleStrike().run(),
        active: state.strike,
      },
    ],
    [
      {
        key: 'bulletList',
        icon: <UnorderedListOutlined />,
        run: () => chain().toggleBulletList().run(),
        active: state.bulletList,
      },
      {
        key: 'orderedList',
        icon: <OrderedListOutlined />,
        run: () => chain().toggleOrderedList().run(),
        active: state.orderedList,
      },
      {
        key: 'blockquote',
        icon: text('\u201C\u201D', { fontSize: 16 }),
        run: () => chain().toggleBlockquote().run(),
        active: state.blockquote,
      },
    ],
    [
      {
        key: 'alignLeft',
        icon: <AlignLeftOutlined />,
        run: () => chain().setTextAlign('left').run(),
        active: state.left,
      },
      {
        key: 'alignCenter',
        icon: <AlignCenterOutlined />,
        run: () => chain().setTextAlign('center').run(),
        active: state.center,
      },
      {
        key: 'alignRight',
        icon: <AlignRightOutlined />,
        run: () => chain().setTextAlign('right').run(),
        active: state.right,
      },
    ],
    [
      { key: 'link', icon: <LinkOutlined />, run: onLink, active: state.link },
      {
        key: 'unlink',
        icon: <DisconnectOutlined />,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
        enabled: state.link,
      },
      { key: 'image', icon: <PictureOutlined />, run: onImage },
    ],
  ];

  return (
    <div className="tilth-richtext-toolbar" role="toolbar" aria-label={t('richtext.toolbar')}>
      {groups.map((group, i) => (
        <Fragment key={group[0]?.key}>
          {i > 0 ? <span className="tilth-richtext-sep" aria-hidden /> : null}
          {group.map((tool) => (
            <Tooltip key={tool.key} title={t(`richtext.tool.${tool.key}`)} mouseEnterDelay={0.4}>
              <Button
                type="text"
                size="small"
                icon={tool.icon}
                aria-label={t(`richtext.tool.${tool.key}`)}
                aria-pressed={tool.active === undefined ? undefined : tool.active}
                className={tool.active ? 'is-active' : undefined}
                disabled={disabled || tool.enabled === false}
                data-testid={`richtext-tool-${tool.key}`}
                // Keeps the selection in the editor while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={tool.run}
              />
            </Tooltip>
          ))}
        </Fragment>
      ))}
    </div>
  );
}
