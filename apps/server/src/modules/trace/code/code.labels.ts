import { existsSync } from 'node:fs';
import { TRACE_LABEL_COLUMNS, TRACE_LABEL_ROWS } from '@tilth/contracts/trace-code.types';
import { zlibSync } from 'fflate';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// The printed side of a code package: the QR matrix of a URL, a 1-bit PNG of it (the ZIP), and the A4
// label sheet (PDF). QR modules are written as raw PDF rectangles (one per horizontal run of dark
// modules): vector, sharp at any printer resolution, and fast enough for 100,000 labels.

const MM = 72 / 25.4;
const LABEL_W = 48 * MM;
const LABEL_H = 45 * MM;
const QR_SIDE = 26 * MM;
/** Space above the QR on the label: its quiet zone (4 modules of a version ≤ 5 code) stays on the label. */
const QR_TOP = 4 * MM;
const A4 = { width: 595.28, height: 841.89 };
const MARGIN_X = (A4.width - TRACE_LABEL_COLUMNS * LABEL_W) / 2;
const MARGIN_Y = (A4.height - TRACE_LABEL_ROWS * LABEL_H) / 2;
/** The quiet zone a QR needs around it (ISO/IEC 18004 asks 4 modules). */
const QUIET = 4;

/** CJK first (product names are mostly Chinese), then a Latin TrueType, then PDF's built-in Helvetica. */
const FONTS: { path: string; family?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
];

export interface QrMatrix {
  size: number;
  /** size × size, 1 = dark, row by row. */
  data: Uint8Array;
}

/**
 * The QR code of `text` at error correction M. The mask is fixed (pattern 2): any mask is a valid QR code
 * and every reader decodes it, and not scoring all eight makes the matrix about three times faster.
 */
export const qrMatrix = (text: string): QrMatrix => {
  const q = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 2 });
  return { size: q.modules.size, data: q.modules.data };
};

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
};

/** A black-on-white 1-bit grayscale PNG of the matrix, `scale` pixels a module, with the quiet zone. */
export const qrPng = (m: QrMatrix, scale = 8): Uint8Array => {
  const px = (m.size + 2 * QUIET) * scale;
  const rowBytes = Math.ceil(px / 8);
  const raw = new Uint8Array((rowBytes + 1) * px).fill(0xff);
  for (let y = 0; y < px; y += 1) {
    const row = y * (rowBytes + 1);
    raw[row] = 0; // filter: none
    const my = Math.floor(y / scale) - QUIET;
    if (my < 0 || my >= m.size) continue;
    for (let x = 0; x < px; x += 1) {
      const mx = Math.floor(x / scale) - QUIET;
      if (mx >= 0 && mx < m.size && m.data[my * m.size + mx]) {
        const i = row + 1 + (x >> 3);
        raw[i] = (raw[i] as number) & ~(0x80 >> (x & 7));
      }
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, px);
  v.setUint32(4, px);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, filter 0, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * PDF operators drawing the matrix's dark runs at (x, y) (pdfkit's top-left user space), `side` wide: one
 * scale to module units, then integer rectangles (short to write, exact on the module grid).
 */
const qrOps = (m: QrMatrix, x: number, y: number, side: number): string => {
  const u = side / m.size;
  let ops = `q ${u.toFixed(4)} 0 0 ${u.toFixed(4)} ${x.toFixed(2)} ${y.toFixed(2)} cm 0 g\n`;
  for (let r = 0; r < m.size; r += 1) {
    const row = r * m.size;
    let c = 0;
    while (c < m.size) {
      if (!m.data[row + c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < m.size && m.data[row + c]) c += 1;
      ops += `${start} ${r} ${c - start} 1 re\n`;
    }
  }
  return `${ops}f Q`;
};

export interface Label {
  serial: string;
  /** The QR content (the Digital Link URI). */
  url: string;
  /** Printed under the code: the short URL a person can type. */
  shortUrl: string;
}

export interface SheetText {
  productName: string;
  lot: string;
  lotLabel: string;
}

/** Whether the chosen font can show the text (Helvetica cannot show CJK). */
const latinOnly = (s: string): string => s.replace(/[^\u0020-\u00ff]/g, '?');

/**
 * A label sheet streamed as it is drawn: `doc` is a Readable of the PDF bytes, `add` draws one label
 * (a new page every TRACE_LABEL_COLUMNS × TRACE_LABEL_ROWS), `end` finishes the file.
 */
export class LabelSheet {
  readonly doc: PDFKit.PDFDocument;
  private n = 0;
  private readonly name: string;
  private readonly lotLine: string;
  private readonly cjk: boolean;
  private readonly textFont: string;

  /** `fonts`: the candidates in order (tests pass none to see the built-in fallback). */
  constructor(text: SheetText, title: string, fonts: readonly { path: string; family?: string }[] = FONTS) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      info: { Title: title, Producer: 'Tilth' },
    });
    const font = fonts.find((f) => existsSync(f.path));
    if (font) this.doc.registerFont('label', font.path, font.family as string);
    this.textFont = font ? 'label' : 'Helvetica';
    this.doc.font(this.textFont);
    this.cjk = font?.family !== undefined;
    const fitted = (s: string, size: number) => {
      const clean = this.cjk || font ? s : latinOnly(s);
      this.doc.fontSize(size);
      const max = LABEL_W - 4 * MM;
      if (this.doc.widthOfString(clean) <= max) return clean;
      let cut = clean;
      while (cut.length > 1 && this.doc.widthOfString(`${cut}…`) > max) cut = cut.slice(0, -1);
      return `${cut}…`;
    };
    this.name = fitted(text.productName, 7.5);
    this.lotLine = fitted(`${text.lotLabel} ${text.lot}`, 6);
  }

  add(label: Label, matrix: QrMatrix): void {
    const slot = this.n % (TRACE_LABEL_COLUMNS * TRACE_LABEL_ROWS);
    if (slot === 0) this.doc.addPage({ size: 'A4', margin: 0 });
    this.n += 1;
    const x = MARGIN_X + (slot % TRACE_LABEL_COLUMNS) * LABEL_W;
    const y = MARGIN_Y + Math.floor(slot / TRACE_LABEL_COLUMNS) * LABEL_H;
    const d = this.doc;
    // A hairline cut guide around the label.
    d.addContent(
      `q 0.85 G 0.3 w ${x.toFixed(2)} ${y.toFixed(2)} ${LABEL_W.toFixed(2)} ${LABEL_H.toFixed(2)} re S Q`,
    );
    d.addContent(qrOps(matrix, x + (LABEL_W - QR_SIDE) / 2, y + QR_TOP, QR_SIDE));
    const tx = x + 2 * MM;
    const w = LABEL_W - 4 * MM;
    const opts = { width: w, align: 'center' as const, lineBreak: false };
    let ty = y + QR_TOP + QR_SIDE + 1.2 * MM;
    // Name and lot repeat on every label (the font's layout cache answers them); serial and URL are ASCII
    // and set in the built-in Helvetica, which needs no glyph layout: ten times faster than the CJK font.
    d.font(this.textFont).fontSize(7.5).text(this.name, tx, ty, opts);
    ty += 3.4 * MM;
    d.fontSize(6).text(this.lotLine, tx, ty, opts);
    ty += 2.9 * MM;
    d.font('Helvetica-Bold')
      .fontSize(7)
      .text(label.serial, tx, ty, { ...opts, characterSpacing: 0.4 });
    ty += 3.2 * MM;
    d.font('Helvetica').fontSize(5).text(label.shortUrl, tx, ty, opts);
  }

  get labels(): number {
    return this.n;
  }

  end(): void {
    if (this.n === 0) this.doc.addPage();
    this.doc.end();
  }
}
