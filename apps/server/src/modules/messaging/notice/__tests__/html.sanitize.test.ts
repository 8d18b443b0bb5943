import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from '../html.sanitize.js';

describe('sanitizeNoticeHtml', () => {
  it('keeps formatting and drops what could run', () => {
    const out = sanitizeNoticeHtml(
      '<p style="color: red; position: fixed" onmouseover="x()">A<svg onload="x()"></svg>' +
        '<a href="JaVaScRiPt:alert(1)" target="_blank">l</a><a href="https://ok.example" target="_blank">ok</a>' +
        '<img src="data:image/png;base64,AAAA"><object data="x"></object><noscript>n</noscript></p>',
    );
    expect(out).toBe(
      '<p style="color:red">A<a target="_blank" rel="noopener noreferrer">l</a>' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>' +
        '<img src="data:image/png;base64,AAAA" /></p>',
    );
  });
});
