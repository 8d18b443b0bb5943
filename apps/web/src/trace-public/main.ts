import { type ChainProofData, verifyProof } from '@tilth/contracts/trace-chain.proof';
import { hashOf } from './hash.js';

// The public trace page's one script (no framework): fetch the proof JSON named by the page, recompute the
// record's hash, the transaction hash, the Merkle path and the block hash here in the buyer's browser, and
// say what it found. Nothing else runs; the page is complete without it.

interface ProofAnswer {
  record: unknown;
  proof: ChainProofData | null;
}

const say = (el: HTMLElement, text: string, ok: boolean | null) => {
  el.textContent = text;
  el.className = ok === null ? 'muted' : ok ? 'banner ok' : 'banner bad';
  el.dataset.valid = ok === null ? 'unknown' : String(ok);
};

export const checkInBrowser = async (el: HTMLElement): Promise<void> => {
  const t = (k: string) => el.dataset[`t${k[0]?.toUpperCase()}${k.slice(1)}`] ?? k;
  const url = el.dataset.proof;
  if (!url) return;
  say(el, t('checking'), null);
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
    if (!res.ok) throw new Error(String(res.status));
    const body = (await res.json()) as ProofAnswer;
    const hash = body.proof ? hashOf(body.proof.algorithm) : undefined;
    if (!body.proof || !hash) {
      say(el, t('invalid').replace('{step}', t('data')), false);
      return;
    }
    const result = verifyProof(body.proof, body.record, hash);
    if (result.valid) say(el, t('valid'), true);
    else say(el, t('invalid').replace('{step}', t(result.failed ?? 'data')), false);
  } catch {
    say(el, t('error'), null);
  }
};

/** Rounds a coordinate to 0.1° (about 10 km) here, so a precise position never leaves the phone. */
const rough = (v: number): number => Math.round(v * 10) / 10;

const position = (): Promise<{ lat: number; lng: number } | null> =>
  new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: rough(p.coords.latitude), lng: rough(p.coords.longitude) }),
      () => resolve(null),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 10_000 },
    );
  });

/**
 * "Share my rough location": only on the visitor's tap. The browser's time zone goes along as a region,
 * so a visitor who refuses the position still gives a country-sized hint.
 */
export const shareRegion = async (button: HTMLButtonElement, note: HTMLElement | null): Promise<void> => {
  const url = button.dataset.url;
  if (!url) return;
  button.disabled = true;
  const place = await position();
  let region: string | null = null;
  try {
    region = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    region = null;
  }
  let ok = false;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ ...(place ?? {}), region }),
    });
    ok = res.ok && ((await res.json()) as { recorded?: boolean }).recorded === true;
  } catch {
    ok = false;
  }
  if (note) note.textContent = (ok && place ? button.dataset.ok : button.dataset.fail) ?? '';
  button.hidden = ok;
  button.disabled = false;
};

const start = () => {
  const el = document.getElementById('browser-check');
  if (el) void checkInBrowser(el);
  const share = document.getElementById('share-region');
  if (share instanceof HTMLButtonElement)
    share.addEventListener('click', () => void shareRegion(share, document.getElementById('region-note')));
};

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
