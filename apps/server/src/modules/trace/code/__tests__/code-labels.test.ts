import { existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LabelSheet, qrMatrix } from '../code.labels.js';

// The label sheet on its own: the CJK font is embedded when installed, and without any font file the sheet
// still renders (Latin in the built-in Helvetica, other characters as '?'), one A4 page per 24 labels.

const pdfOf = async (sheet: LabelSheet): Promise<Buffer> => {
  const parts: Buffer[] = [];
  sheet.doc.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((r) => sheet.doc.on('end', r));
  sheet.end();
  await done;
  return Buffer.concat(parts);
};

const label = (i: number) => ({
  serial: `S${i}`,
  url: `https://h.example/q/1/S${i}`,
  shortUrl: `h.example/q/1/S${i}`,
});

const shown = (pdf: Buffer): string => {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    try {
      const s = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1');
      for (const tj of s.matchAll(/\[([^\]]*)\]\s*TJ/g))
        out.push(
          Buffer.from(
            [...(tj[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join(''),
            'hex',
          ).toString('latin1'),
        );
    } catch {
      // not deflated
    }
  }
  return out.join('\n');
};

describe('label sheet', () => {
  it('falls back to Helvetica without font files: Latin shown, other characters as ?', async () => {
    const sheet = new LabelSheet({ productName: '番茄 Tomato', lot: 'L1', lotLabel: 'Lot' }, 't', []);
    for (let i = 1; i <= 25; i += 1) sheet.add(label(i), qrMatrix(label(i).url));
    const pdf = await pdfOf(sheet);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
    expect(pdf.toString('latin1')).not.toContain('/FontFile');
    const text = shown(pdf);
    expect(text).toContain('?? Tomato');
    expect(text).toContain('S25');
    expect(text).toContain('h.example/q/1/S1');
  });

  it.runIf(existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))(
    'embeds a subset of Noto Sans CJK for a Chinese product name',
    async () => {
      const sheet = new LabelSheet({ productName: '西湖龙井', lot: 'L1', lotLabel: '批次 Lot' }, 't');
      sheet.add(label(1), qrMatrix(label(1).url));
      const pdf = (await pdfOf(sheet)).toString('latin1');
      expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJK/);
      expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
    },
  );
});
