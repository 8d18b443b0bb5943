import type { IdentifyConfig } from '../../../platform/config.js';
import type { RawCandidate } from './identify.labels.js';
import type { Identifier } from './identify.provider.js';

// A cloud recognition service. Sends `{image: <base64>, topK}` as JSON with `Authorization: Bearer <key>`;
// reads the candidates from `candidates`, `results`, `predictions` or `data` (each `{label|name|class,
// confidence|score|probability}`, a score over 1 read as a percentage). The answer is stored by image and
// model key like the ONNX one, so the same photo keeps its answer even if the service drifts.

type Json = Record<string, unknown>;

const firstOf = (o: Json, keys: readonly string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
};

export const mapCloudAnswer = (body: unknown, k: number): RawCandidate[] => {
  if (typeof body !== 'object' || body === null) throw new Error('cloud answer is not an object');
  const list = firstOf(body as Json, ['candidates', 'results', 'predictions', 'data']);
  if (!Array.isArray(list)) throw new Error('cloud answer has no candidate list');
  return list
    .filter((c): c is Json => typeof c === 'object' && c !== null)
    .map((c) => {
      const label = String(firstOf(c, ['label', 'name', 'class']) ?? '').trim();
      const raw = Number(firstOf(c, ['confidence', 'score', 'probability']));
      const confidence = Number.isFinite(raw) ? (raw > 1 ? raw / 100 : raw) : 0;
      return { label, confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 1e6) / 1e6 };
    })
    .filter((c) => c.label !== '')
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, k);
};

export const createHttpIdentifier = (cfg: IdentifyConfig): Identifier => {
  const url = cfg.httpUrl as string;
  const key = `http:${cfg.httpModel ?? new URL(url).host}`;
  return {
    provider: 'http',
    modelKey: async () => key,
    labelCount: async () => 0,
    identify: async (image, k) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(cfg.httpKey ? { authorization: `Bearer ${cfg.httpKey}` } : {}),
        },
        body: JSON.stringify({ image: image.toString('base64'), topK: k }),
        signal: AbortSignal.timeout(cfg.httpTimeoutMs),
        redirect: 'error',
      });
      if (!res.ok) throw new Error(`cloud recognition answered ${res.status}`);
      // Bounded: a recognition answer is a few candidates, never megabytes.
      const text = await res.text();
      if (text.length > 256 * 1024) throw new Error('cloud answer too large');
      return mapCloudAnswer(JSON.parse(text), k);
    },
    close: async () => undefined,
  };
};
