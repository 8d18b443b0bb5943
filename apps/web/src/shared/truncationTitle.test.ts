import { describe, expect, it } from 'vitest';
import { type CutStyle, type LabelNode, titleTruncated } from './truncationTitle';

// No layout here: each node says how wide its text is and how wide it is shown.
interface Fake extends LabelNode {
  overflow: string;
  clamp: string;
}
const node = (text: string, o: Partial<Fake> = {}): Fake => {
  const n: Fake = {
    title: '',
    textContent: text,
    scrollWidth: 100,
    clientWidth: 100,
    scrollHeight: 20,
    clientHeight: 20,
    parentElement: null,
    overflow: 'clip',
    clamp: 'none',
    hasAttribute: (name) => name === 'title' && n.title !== '',
    ...o,
  };
  return n;
};
const styleOf: CutStyle = (n) => ({ textOverflow: (n as Fake).overflow, lineClamp: (n as Fake).clamp });

describe('titleTruncated', () => {
  it('gives a label cut with an ellipsis its whole text as title, hovered on its inner text', () => {
    const label = node('Organisation and users', {
      overflow: 'ellipsis',
      scrollWidth: 180,
      clientWidth: 120,
    });
    const inner = node('Organisation and users', { parentElement: label });
    titleTruncated(inner, styleOf);
    expect(label.title).toBe('Organisation and users');
  });

  it('gives a line-clamped label its title when its lines overflow', () => {
    const brand = node('Tilth Smart Farm Platform', { clamp: '2', scrollHeight: 60, clientHeight: 40 });
    titleTruncated(brand, styleOf);
    expect(brand.title).toBe('Tilth Smart Farm Platform');
  });

  it('leaves a label that fits, and one that already has a title', () => {
    const fits = node('Batches', { overflow: 'ellipsis', scrollWidth: 60, clientWidth: 120 });
    titleTruncated(fits, styleOf);
    expect(fits.title).toBe('');
    const titled = node('Composite tachometers', {
      overflow: 'ellipsis',
      scrollWidth: 180,
      clientWidth: 120,
      title: 'Own title',
    });
    titleTruncated(titled, styleOf);
    expect(titled.title).toBe('Own title');
  });
});
