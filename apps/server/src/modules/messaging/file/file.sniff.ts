// What a file is, judged by its first bytes rather than its name or the browser's claim (ARCHITECTURE §7).
// Only the types below are accepted; executables and unknown binaries are refused.

/** Bytes read before deciding; enough to see past the first few entries of an Office zip. */
export const SNIFF_BYTES = 64 * 1024;

const OOXML = {
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xl: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;
const OOXML_BY_EXT: Record<string, string> = { docx: OOXML.word, xlsx: OOXML.xl, pptx: OOXML.ppt };

/** Text is accepted under these names (served as text/plain or text/csv, never as HTML). */
const TEXT_EXTS = new Set(['', 'txt', 'csv', 'tsv', 'log', 'json', 'md']);

/**
 * The name endings each sniffed type may carry. A name that claims another type (an SVG called
 * `innocent.png`) is refused: whoever later opens the file by its name must get what its bytes are.
 */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
  'application/pdf': ['pdf'],
  // ISO media brands are many (isom, mp42, 3gp…, qt); cameras name the same container either way.
  'video/mp4': ['mp4', 'm4v', '3gp', 'mov'],
  'video/quicktime': ['mov', 'qt', 'mp4'],
  [OOXML.word]: ['docx'],
  [OOXML.xl]: ['xlsx'],
  [OOXML.ppt]: ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'text/plain': [...TEXT_EXTS].filter((e) => e !== 'csv'),
  'text/csv': ['csv'],
};

const startsWith = (b: Buffer, sig: number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number): string => b.subarray(from, to).toString('latin1');

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

const isExecutable = (b: Buffer): boolean =>
  startsWith(b, [0x4d, 0x5a]) || // MZ: Windows PE / DOS
  startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
  startsWith(b, [0xfe, 0xed, 0xfa, 0xce]) ||
  startsWith(b, [0xfe, 0xed, 0xfa, 0xcf]) ||
  startsWith(b, [0xce, 0xfa, 0xed, 0xfe]) ||
  startsWith(b, [0xcf, 0xfa, 0xed, 0xfe]) || // Mach-O
  startsWith(b, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O fat / Java class
  startsWith(b, [0x23, 0x21]); // #! script

const isoMedia = (b: Buffer): string | undefined => {
  // The first box's 32-bit size is small, so a real file starts with two zero bytes (text never does).
  if (b.length < 12 || b[0] !== 0 || b[1] !== 0) return undefined;
  const box = ascii(b, 4, 8);
  if (box === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    // Still-image containers (HEIC, AVIF) share the box layout but are not accepted.
    if (/^(?:hei|hev|mif1|msf1|avi[fs])/.test(brand)) return undefined;
    return 'video/mp4';
  }
  // QuickTime files older than the ftyp box open with one of these atoms.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return 'video/quicktime';
  return undefined;
};

/** Names of the zip entries whose local headers fall inside the sniffed bytes. */
const zipEntryNames = (b: Buffer): string[] => {
  const names: string[] = [];
  let at = 0;
  while (names.length < 50) {
    const i = b.indexOf('PK\u0003\u0004', at, 'latin1');
    if (i < 0 || i + 30 > b.length) break;
    const len = b.readUInt16LE(i + 26);
    if (i + 30 + len <= b.length) names.push(b.subarray(i + 30, i + 30 + len).toString('utf8'));
    at = i + 4;
  }
  return names;
};

const officeZip = (b: Buffer, ext: string): string | undefined => {
  const names = zipEntryNames(b);
  if (names[0] === 'mimetype') {
    // OpenDocument: the first entry is the uncompressed media type.
    const m = /application\/vnd\.oasis\.opendocument\.(?:text|spreadsheet|presentation)/.exec(
      ascii(b, 30, 200),
    );
    return m?.[0];
  }
  for (const n of names) {
    const top = n.split('/')[0] as string;
    if (top in OOXML) return OOXML[top as keyof typeof OOXML];
  }
  // The parts may start beyond the sniffed bytes; the package markers are then enough, with the name's type.
  const isOoxml = names.some(
    (n) => n === '[Content_Types].xml' || n.startsWith('_rels/') || n.startsWith('docProps/'),
  );
  return isOoxml ? OOXML_BY_EXT[ext] : undefined;
};

const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

const looksLikeText = (b: Buffer): boolean => {
  for (const c of b) {
    // Control characters other than tab, line feed, vertical tab, form feed, carriage return and escape.
    if (c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b) || c === 0x7f) return false;
  }
  return true;
};

/**
 * The content type of a file from its first bytes (and, for text and ambiguous Office packages, its
 * name); undefined when the file is not of an accepted type.
 */
export const sniffContentType = (head: Buffer, fileName: string): string | undefined => {
  if (head.length === 0 || isExecutable(head)) return undefined;
  const ext = extensionOf(fileName);
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  const media = isoMedia(head);
  if (media) return media;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeZip(head, ext);
  if (!looksLikeText(head)) return undefined;
  const text = head.toString('utf8');
  if (SVG_START.test(text)) return 'image/svg+xml';
  if (!TEXT_EXTS.has(ext)) return undefined;
  return ext === 'csv' ? 'text/csv' : 'text/plain';
};

/** Whether a file's name ends the way its sniffed type allows (see EXTENSIONS). */
export const extensionFits = (contentType: string, fileName: string): boolean =>
  EXTENSIONS[contentType]?.includes(extensionOf(fileName)) ?? false;
