import sharp from 'sharp';
import { auth, type TestServer } from '../../../../test/harness.js';

// Shared by the identification tests: plain-colour photos and the upload call.

export const en = { 'accept-language': 'en-US' };
export const zh = { 'accept-language': 'zh-CN' };
export const base = (t: number) => `/wfpf/v1/${t}/agriculture`;

export const solidPng = (r: number, g: number, b: number, w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export const postPhoto = (
  server: TestServer,
  t: number,
  token: string,
  bytes: Buffer,
  lang: Record<string, string> = en,
  name = 'leaf.png',
) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return server.inject({
    method: 'POST',
    url: `${base(t)}/identifications`,
    headers: { ...auth(token), ...lang },
    payload: fd,
  });
};
