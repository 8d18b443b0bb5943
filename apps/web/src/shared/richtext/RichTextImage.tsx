import Image from '@tiptap/extension-image';
import { type NodeViewProps, NodeViewWrapper, ReactNodeViewRenderer } from '@tiptap/react';
import { useImageSrc } from '../file/fileImage';

// The editor's picture: its document keeps the stored address; what is shown is the session-read copy.

function ImageView({ node, selected }: NodeViewProps) {
  const src = typeof node.attrs.src === 'string' ? node.attrs.src : null;
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  const shown = useImageSrc(src);
  return (
    <NodeViewWrapper as="span" className="tilth-richtext-image" data-drag-handle>
      {shown ? (
        <img
          src={shown}
          alt={alt}
          data-src={src ?? undefined}
          className={selected ? 'ProseMirror-selectednode' : undefined}
          draggable={false}
        />
      ) : (
        <span className="tilth-richtext-image-loading" role="img" aria-label={alt} />
      )}
    </NodeViewWrapper>
  );
}

/** tiptap's Image with stored pictures read through the session. */
export const SessionImage = Image.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
});
