import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/** A fresh 4-character code and its PNG image (glyphs are drawn as paths, so no system font is needed). */
export const makeCaptcha = async (): Promise<{ code: string; png: Buffer }> => {
  const c = svgCaptcha.create({
    size: 4,
    noise: 3,
    color: true,
    background: '#f2f7f4',
    width: 120,
    height: 40,
    ignoreChars: '0oO1ilI',
  });
  const png = await sharp(Buffer.from(c.data)).png().toBuffer();
  return { code: c.text, png };
};
