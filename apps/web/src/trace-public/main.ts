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

const start = () => {
  const el = document.getElementById('browser-check');
  if (el) void checkInBrowser(el);
};

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
