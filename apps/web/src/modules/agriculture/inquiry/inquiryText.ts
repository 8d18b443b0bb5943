import {
  INQUIRY_PHOTO_BYTES_MAX,
  INQUIRY_PHOTO_TYPES,
  INQUIRY_STALE_DAYS,
  type Inquiry,
} from '@tilth/contracts/inquiry.types';

// Pure helpers of the inquiry page (unit-tested): answers typed as plain text, durations, the prefill
// from the identification screen, and which actions a viewer of the thread has.

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An expert's plain-text answer as HTML paragraphs (blank lines part them; line breaks kept). */
export const plainToHtml = (text: string): string =>
  text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** A duration in seconds as the largest two units (d h, h min, min), or null. */
export const durationParts = (seconds: number | null): { d: number; h: number; m: number } | null => {
  if (seconds === null) return null;
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return { d, h, m };
};

/** i18n key and values of a duration ('—' handled by the caller for null). */
export const durationKey = (seconds: number): { key: string; values: Record<string, number> } => {
  const p = durationParts(seconds) ?? { d: 0, h: 0, m: 0 };
  if (p.d > 0) return { key: 'inquiry:duration.dh', values: { d: p.d, h: p.h } };
  if (p.h > 0) return { key: 'inquiry:duration.hm', values: { h: p.h, m: p.m } };
  return { key: 'inquiry:duration.m', values: { m: Math.max(1, p.m) } };
};

/** Why a chosen photo is refused before upload: JPG/PNG only, at most 10 MB (the server checks again). */
export const photoProblem = (file: File): 'type' | 'size' | null => {
  if (!(INQUIRY_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > INQUIRY_PHOTO_BYTES_MAX) return 'size';
  return null;
};

/** The ask form's prefill from `?ask=1&photo=<fileUrl>&crop=<cropId>&identification=<id>`. */
export interface AskPrefill {
  photoUrl: string | null;
  cropId: number | null;
  identificationId: string | null;
}

const FILE_URL = /^\/hfle\/v1\/(\d+)\/files\/([0-9a-f-]{36})\/file$/i;

/** The prefill when the URL asks for the form; a photo only when it is a file of this tenant. */
export const askPrefill = (params: URLSearchParams, tenantId: number): AskPrefill | null => {
  if (params.get('ask') !== '1') return null;
  const photo = params.get('photo');
  const m = photo ? FILE_URL.exec(photo) : null;
  const crop = Number(params.get('crop'));
  return {
    photoUrl: m && Number(m[1]) === tenantId ? (photo as string) : null,
    cropId: Number.isSafeInteger(crop) && crop > 0 ? crop : null,
    identificationId: params.get('identification') || null,
  };
};

/** The file id of a stored file's address (/hfle/v1/{t}/files/{id}/file). */
export const fileIdOf = (url: string): string | null => FILE_URL.exec(url)?.[2] ?? null;

/** What the viewer of a thread may do now. */
export const threadActions = (
  q: Pick<Inquiry, 'status' | 'askerId' | 'lastActivityDate'> & { answered?: boolean },
  me: { userId: number; expert: boolean },
  now: number,
): { answer: boolean; reply: boolean; rateClose: boolean; staleClose: boolean; publish: boolean } => {
  const open = q.status !== 'closed';
  const asker = q.askerId === me.userId;
  const silent = now - Date.parse(q.lastActivityDate) >= INQUIRY_STALE_DAYS * 86_400_000;
  const waiting = q.status === 'answered' || q.status === 'asked_back';
  return {
    answer: open && me.expert && !asker,
    reply: open && asker,
    rateClose: open && asker,
    staleClose: open && me.expert && !asker && waiting && silent,
    // A good answer may become an article at any time, also after the farmer closed the inquiry.
    publish: me.expert && !asker && q.answered === true,
  };
};

/** The identification's top candidates as one line ('Early blight 82%, Late blight 9%'), at most three. */
export const candidatesLine = (
  candidates: readonly { name: string; confidence: number }[],
  percent: (n: number) => string,
): string =>
  candidates
    .slice(0, 3)
    .map((c) => `${c.name} ${percent(c.confidence)}`)
    .join(', ');
