import type { Identification, IdentifyCandidate } from '@tilth/contracts/identify.types';
import type { Lang } from '../../../platform/i18n/lang.js';
import { fileUrlOf } from '../../messaging/file/index.js';
import { NOT_CONFIGURED, NOT_RECOGNISED } from './identify.errors.js';
import { isRejectLabel, labelName, labelParts } from './identify.labels.js';
import type { IdentificationRow } from './identify.repository.js';
import type { KnowledgeRow } from './knowledge.repository.js';

// How a stored identification reads: candidates named in the caller's language and linked to the
// knowledge entry the tenant sees (its own version before the platform's), spec 03 §8's text when refused
// or unsure, and the link that takes the photo to an expert.

const key = (s: string) => s.trim().toLowerCase();

/** Finds a knowledge entry by any part of a label: code, either name or an alias. */
export const knowledgeMatcher = (rows: readonly KnowledgeRow[]) => {
  const byKey = new Map<string, KnowledgeRow>();
  // Platform rows first, so a tenant's row under the same key wins.
  const ordered = [...rows].sort((a, b) => a.tenantId - b.tenantId);
  for (const r of ordered) {
    for (const k of [r.code, r.nameZh, r.nameEn, ...r.aliases]) byKey.set(key(k), r);
  }
  return (label: string): KnowledgeRow | undefined => {
    for (const p of labelParts(label)) {
      const hit = byKey.get(key(p));
      if (hit) return hit;
    }
    return undefined;
  };
};

export const expertUrlOf = (photoUrl: string, id: number, cropId: number | null): string => {
  const q = new URLSearchParams({ ask: '1', photo: photoUrl });
  if (cropId !== null) q.set('crop', String(cropId));
  q.set('identification', String(id));
  return `/web/agriculture/expert-inquiry?${q.toString()}`;
};

export const toIdentification = (
  r: IdentificationRow,
  lang: Lang,
  match: (label: string) => KnowledgeRow | undefined,
): Identification => {
  const status = r.status as Identification['status'];
  // A refused photo shows no plant or insect: no pest is offered for it, however faint.
  const candidates: IdentifyCandidate[] = (status === 'refused' ? [] : r.candidates)
    .filter((c) => !isRejectLabel(c.label))
    .map((c) => {
      const k = match(c.label);
      return {
        label: c.label,
        name: k ? (lang === 'en-US' ? k.nameEn : k.nameZh) : labelName(c.label, lang),
        confidence: c.confidence,
        knowledgeId: k?.id ?? null,
        knowledgeCode: k?.code ?? null,
      };
    });
  const photoUrl = fileUrlOf(r.tenantId, r.photoFileId);
  return {
    identificationId: r.id,
    status,
    message:
      status === 'refused' || status === 'uncertain'
        ? NOT_RECOGNISED[lang]
        : status === 'unconfigured'
          ? NOT_CONFIGURED[lang]
          : null,
    provider: r.provider,
    modelKey: r.modelKey,
    candidates,
    sha256: r.sha256,
    photoFileId: r.photoFileId,
    photoUrl,
    width: r.width,
    height: r.height,
    cropId: r.cropId,
    runCount: r.runCount,
    expertUrl: expertUrlOf(photoUrl, r.id, r.cropId),
    objectVersionNumber: r.objectVersionNumber,
    createdBy: r.createdBy,
    creationDate: r.creationDate.toISOString(),
    lastIdentifiedAt: r.lastIdentifiedAt.toISOString(),
  };
};
