import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../../../platform/http/serve-file.js';
import { cleanFileName } from '../file.service.js';
import { sniffContentType } from '../file.sniff.js';

const zipEntry = (name: string): Buffer => {
  const h = Buffer.alloc(30);
  h.write('PK\u0003\u0004', 0, 'latin1');
  h.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([h, Buffer.from(name), Buffer.alloc(20, 1)]);
};
const box = (type: string, brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(type + brand, 'latin1'), Buffer.alloc(12)]);

describe('sniffContentType', () => {
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'a.png', 'image/jpeg'],
    [Buffer.from('GIF89a....'), 'a', 'image/gif'],
    [Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ')]), 'a', 'image/webp'],
    [box('ftyp', 'isom'), 'a.mp4', 'video/mp4'],
    [box('ftyp', 'qt  '), 'a.mov', 'video/quicktime'],
    [
      Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')]),
      'a.zip',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('_rels/.rels')]),
      'a.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [Buffer.from('<!-- logo -->\n<svg viewBox="0 0 1 1"></svg>'), 'logo.svg', 'image/svg+xml'],
    [Buffer.from('hello\r\n'), 'notes.txt', 'text/plain'],
    [Buffer.from('The free text'), 'a.txt', 'text/plain'],
  ])('%#: recognises %s', (bytes, name, type) => {
    expect(sniffContentType(bytes, name)).toBe(type);
  });

  it.each([
    [Buffer.from('MZ\x90\0', 'latin1'), 'a.png'],
    [Buffer.from('\x7fELF\x02\x01', 'latin1'), 'a.jpg'],
    [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'a.txt'],
    [Buffer.concat([zipEntry('payload.exe')]), 'a.docx'],
    [box('ftyp', 'heic'), 'a.heic'],
    [Buffer.from([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), 'a.bin'],
    [Buffer.from('<html></html>'), 'a.html'],
    [Buffer.alloc(0), 'a.txt'],
  ])('%#: refuses', (bytes, name) => {
    expect(sniffContentType(bytes, name)).toBeUndefined();
  });
});

describe('names', () => {
  it('strips directories and control characters', () => {
    expect(cleanFileName('..\\..\\etc/passwd\u0000')).toBe('passwd');
    expect(cleanFileName('   ')).toBe('file');
  });
  it('encodes Content-Disposition per RFC 5987', () => {
    expect(contentDisposition('attachment', "报告 (1)'s.xlsx")).toBe(
      `attachment; filename="__ (1)'s.xlsx"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29%27s.xlsx`,
    );
  });
});
