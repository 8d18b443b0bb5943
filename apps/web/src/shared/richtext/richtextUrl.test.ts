import { describe, expect, it } from 'vitest';
import { normaliseImageUrl, normaliseLinkUrl } from './richtextUrl';

// The editor refuses, in its dialog, the links and pictures the server's sanitiser would strip on save.

describe('normaliseLinkUrl', () => {
  it('keeps web, mail and phone links and reads a bare host as https', () => {
    expect(normaliseLinkUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(normaliseLinkUrl(' www.moa.gov.cn ')).toBe('https://www.moa.gov.cn');
    expect(normaliseLinkUrl('mailto:farm@example.com')).toBe('mailto:farm@example.com');
    expect(normaliseLinkUrl('tel:+8613800000000')).toBe('tel:+8613800000000');
  });
  it('refuses script, data and malformed addresses', () => {
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(normaliseLinkUrl('vbscript:x')).toBeNull();
    expect(normaliseLinkUrl('')).toBeNull();
    expect(normaliseLinkUrl('not a link')).toBeNull();
    expect(normaliseLinkUrl('nodot')).toBeNull();
  });
});

describe('normaliseImageUrl', () => {
  it('keeps http(s) pictures and this site’s stored files', () => {
    expect(normaliseImageUrl('https://cdn.example.com/p.jpg')).toBe('https://cdn.example.com/p.jpg');
    expect(normaliseImageUrl('/hfle/v1/1/files/abc')).toBe('/hfle/v1/1/files/abc');
  });
  it('refuses protocol-relative, script and data addresses', () => {
    expect(normaliseImageUrl('//evil.example.com/p.jpg')).toBeNull();
    expect(normaliseImageUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseImageUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(normaliseImageUrl('picture.jpg')).toBeNull();
  });
});
