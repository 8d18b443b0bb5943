import { describe, expect, it } from 'vitest';
import { serverImagesOf, withShownImages } from './richtextImages';

// Stored pictures in a body are shown through the session's object URLs; nothing is asked for before.

const html =
  '<p>a</p><img src="/hfle/v1/1/files/a/file" alt="x" /><img src="https://cdn.example.com/b.jpg" />' +
  '<img alt="y" src="/hfle/v1/1/files/c/file?x=1&amp;y=2" />';

describe('richtext images', () => {
  it('lists the stored pictures once each, decoded', () => {
    expect(serverImagesOf(`${html}${html}`)).toEqual([
      '/hfle/v1/1/files/a/file',
      '/hfle/v1/1/files/c/file?x=1&y=2',
    ]);
  });
  it('swaps a loaded picture for its object URL and holds back one still loading', () => {
    const out = withShownImages(html, (src) => (src.endsWith('/a/file') ? 'blob:http://x/1' : null));
    expect(out).toContain('<img src="blob:http://x/1" data-src="/hfle/v1/1/files/a/file" alt="x" />');
    expect(out).toContain('<img src="https://cdn.example.com/b.jpg" />');
    expect(out).toContain('<img alt="y" data-src="/hfle/v1/1/files/c/file?x=1&amp;y=2" />');
    expect(out).not.toMatch(/\ssrc="\/hfle\//);
  });
});
