import { useEffect } from 'react';

// Labels that do not fit are cut with "…" by CSS (one line) or a line clamp (menus, cards, tables). Rather
// than each page adding a title to each label, the shell watches the pointer once: an element that is cut
// and has no title gets its whole text as its title the moment it is hovered, so the browser shows it as a
// tooltip (issue 12 item 4).

/** How many ancestors of the hovered node are looked at (a label's text sits in a span or two). */
const DEPTH = 4;

/** What is read of an element (an HTMLElement; a plain object in unit tests). */
export interface LabelNode {
  title: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  parentElement: LabelNode | null;
  hasAttribute(name: string): boolean;
}

/** The two style properties that cut a text. */
export type CutStyle = (node: LabelNode) => { textOverflow: string; lineClamp: string };

const computed: CutStyle = (node) => {
  const style = getComputedStyle(node as unknown as Element);
  return { textOverflow: style.textOverflow, lineClamp: style.webkitLineClamp };
};

/** Whether `node` shows less than its text: cut by text-overflow or by a line clamp. */
export const isTruncated = (node: LabelNode, styleOf: CutStyle = computed): boolean => {
  const { textOverflow, lineClamp } = styleOf(node);
  if (lineClamp !== '' && lineClamp !== 'none') return node.scrollHeight > node.clientHeight + 1;
  return textOverflow === 'ellipsis' && node.scrollWidth > node.clientWidth + 1;
};

/** Gives a cut node under the pointer its whole text as title; stops at the first titled ancestor. */
export const titleTruncated = (target: LabelNode | null, styleOf: CutStyle = computed): void => {
  let node = target;
  for (let i = 0; node && i < DEPTH; i++, node = node.parentElement) {
    if (node.hasAttribute('title')) return;
    if (isTruncated(node, styleOf)) {
      const text = node.textContent?.trim();
      if (text) node.title = text;
      return;
    }
  }
};

/** While mounted, every cut label under the pointer gets a tooltip with its whole text. */
export function useTruncationTitles(): void {
  useEffect(() => {
    const onOver = (e: MouseEvent) => titleTruncated(e.target instanceof HTMLElement ? e.target : null);
    document.addEventListener('mouseover', onOver, { passive: true });
    return () => document.removeEventListener('mouseover', onOver);
  }, []);
}
