import type { TracePublicRecord, TraceSeasonEvent } from '@tilth/contracts/trace.types';
import type { Lang } from '../../../platform/i18n/lang.js';
import { escapeHtml as e } from './public.html.js';
import { knownKey, type T, textsFor } from './public.i18n.js';
import { originMapSvg } from './public.map.js';
import { PAGE_CSS } from './public.style.js';

// The public trace page, rendered on the server as one HTML document: no framework, every record value
// escaped, pictures lazy-loaded from the image route, and one small script (its own file, CSP 'self') that
// re-checks the ledger proof in the buyer's browser.

export type ScanInfo =
  | { kind: 'first' }
  | { kind: 'repeat'; count: number; firstAt: string; suspicious: boolean }
  | { kind: 'void' }
  | { kind: 'lot' };

export interface ProofSummary {
  /** What the server found re-hashing the stored record against its ledger entry. */
  status: 'verified' | 'mismatch' | 'unproved';
  recordHash: string;
  algorithm?: string | undefined;
  blockHeight?: number | undefined;
  txHash?: string | undefined;
  blockHash?: string | undefined;
  anchors: Array<{ provider: string; status: string; externalRef: string | null }>;
}

export interface PageInput {
  lang: Lang;
  timeZone: string;
  record: TracePublicRecord;
  withdrawn: boolean;
  scan: ScanInfo;
  proof: ProofSummary;
  /** The page's own path (language links), the proof JSON, the script, each image by index. */
  urls: {
    self: string;
    proof: string;
    script: string;
    region: string | null;
    image: (i: number) => string;
    /** The promo video the record names, and its poster (issue 19 item 4). */
    video?: (which: 'video' | 'poster') => string;
  };
}

const dateFmt = (lang: Lang, tz: string, withTime: boolean) =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', timeZone: tz } : { timeZone: 'UTC' }),
  });

/** A 'YYYY-MM-DD' day or an ISO instant, for the reader's language (instants in the farm's zone). */
export const formatWhen = (v: string, lang: Lang, tz: string): string => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(day ? `${v}T00:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? v : dateFmt(lang, tz, !day).format(d);
};

const num = (v: string | number, lang: Lang, digits = 2): string =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(Number(v));

/** A per-kg figure: small values keep three significant digits instead of rounding to 0. */
const perKg = (v: string, lang: Lang): string => {
  const n = Number(v);
  return Math.abs(n) >= 1 || n === 0
    ? num(n, lang, 3)
    : new Intl.NumberFormat(lang, { maximumSignificantDigits: 3 }).format(n);
};

const row = (label: string, value: string | null | undefined): string =>
  value ? `<dt>${e(label)}</dt><dd>${value}</dd>` : '';

const label = (t: T, prefix: string, v: string): string => {
  const k = knownKey(`${prefix}${v}`);
  return k ? t(k) : v;
};

const img = (src: string, alt: string, cls = ''): string =>
  `<img${cls ? ` class="${cls}"` : ''} src="${e(src)}" alt="${e(alt)}" loading="lazy" decoding="async">`;

const header = (p: PageInput, t: T): string => {
  const r = p.record.product;
  const other = p.lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const certs = r.certificates.map((c) => `<span class="badge">${e(c.name)}</span>`).join('');
  const hero = r.imageIndex != null ? img(p.urls.image(r.imageIndex), r.name, 'hero') : '';
  return (
    `<header><div class="top"><span>${e(t('poweredBy'))}</span>` +
    `<a href="${e(`${p.urls.self}?lang=${other}`)}" lang="${other}">${e(t('switchLang'))}</a></div>` +
    `<h1>${e(r.name)}</h1>${r.enName && p.lang === 'en-US' ? `<div class="en">${e(r.enName)}</div>` : ''}` +
    `<div class="badges"><span class="badge">${e(label(t, 'standard_', r.plantingStandard))}</span>${certs}</div>` +
    `${hero}</header>`
  );
};

/** The product's promo video: nothing loads until the visitor presses play (preload none). */
const promo = (p: PageInput, t: T): string => {
  const v = p.record.promoVideo;
  if (!v || !p.urls.video) return '';
  return (
    `<section class="promo" id="promo-video"><h2>${e(t('promoVideo'))}</h2>` +
    `<video controls preload="none" playsinline width="${v.width}" height="${v.height}"` +
    ` poster="${e(p.urls.video('poster'))}" src="${e(p.urls.video('video'))}">${e(t('videoUnsupported'))}</video></section>`
  );
};

const banners = (p: PageInput, t: T): string => {
  const out: string[] = [];
  if (p.withdrawn) out.push(`<div class="banner bad" id="withdrawn">${e(t('withdrawn'))}</div>`);
  const s = p.scan;
  if (s.kind === 'void') out.push(`<div class="banner bad" id="scan">${e(t('voided'))}</div>`);
  else if (s.kind === 'first') out.push(`<div class="banner ok" id="scan">${e(t('firstScan'))}</div>`);
  else if (s.kind === 'repeat') {
    const when = formatWhen(s.firstAt, p.lang, p.timeZone);
    out.push(
      `<div class="banner ${s.suspicious ? 'warn' : 'ok'}" id="scan">${e(t('repeatScan', { n: s.count, date: when }))}` +
        `${s.suspicious ? `<br>${e(t('suspicious'))}` : ''}</div>`,
    );
  } else out.push(`<div class="banner ok muted" id="scan">${e(t('lotOnly'))}</div>`);
  const v = p.proof.status;
  const text = v === 'verified' ? t('verified') : v === 'mismatch' ? t('mismatch') : t('unproved');
  out.push(
    `<div class="banner ${v === 'verified' ? 'ok' : 'bad'}" id="verdict" data-status="${v}">${e(text)}</div>`,
  );
  return out.join('');
};

const lot = (p: PageInput, t: T): string => {
  const { batch, product } = p.record;
  const when = (v: string | null | undefined) => (v ? e(formatWhen(v, p.lang, p.timeZone)) : null);
  const harvests = batch.harvests
    .map(
      (h) =>
        `<li>${e(
          t('harvestLine', {
            crop: [h.cropName, h.varietyName].filter(Boolean).join(' · '),
            start: formatWhen(h.startDate, p.lang, p.timeZone),
            harvest: h.harvestDate ? formatWhen(h.harvestDate, p.lang, p.timeZone) : '—',
          }),
        )}</li>`,
    )
    .join('');
  return (
    `<section id="lot"><h2>${e(t('lot'))}</h2><dl>` +
    row(t('batchCode'), e(batch.batchCode)) +
    row(t('placeOfOrigin'), e(batch.placeOfOrigin)) +
    row(t('productionDate'), when(batch.productionDate)) +
    row(t('expiryDate'), when(batch.expiryDate)) +
    row(t('specification'), product.specification ? e(product.specification) : null) +
    row(
      t('netWeight'),
      product.netWeight ? e(`${num(product.netWeight, p.lang, 3)} ${product.weightUnit}`) : null,
    ) +
    row(t('weight'), batch.weight ? e(`${num(batch.weight, p.lang, 3)} ${product.weightUnit}`) : null) +
    row(t('shelfLife'), product.shelfLifeDays ? e(t('days', { n: product.shelfLifeDays })) : null) +
    row(t('version'), e(p.record.version)) +
    `</dl>${harvests ? `<h2>${e(t('harvests'))}</h2><ul>${harvests}</ul>` : ''}` +
    (product.description ? `<p>${e(product.description)}</p>` : '') +
    certificates(p, t) +
    '</section>'
  );
};

const certificates = (p: PageInput, t: T): string => {
  const list = p.record.product.certificates;
  if (list.length === 0) return '';
  const items = list.map(
    (c) =>
      `<li>${e(c.name)}${c.number ? ` · ${e(t('certNo', { no: c.number }))}` : ''}` +
      `${c.issuer ? ` · ${e(c.issuer)}` : ''}` +
      `${c.validUntil ? ` · ${e(t('validUntil', { date: formatWhen(c.validUntil, p.lang, p.timeZone) }))}` : ''}</li>`,
  );
  return `<h2>${e(t('certificates'))}</h2><ul>${items.join('')}</ul>`;
};

const origin = (p: PageInput, t: T): string => {
  const places = p.record.places;
  if (places.length === 0) return '';
  const svg = originMapSvg(places, { title: t('mapTitle'), base: t('base'), scale: t('scale') });
  const names = places
    .map(
      (pl) =>
        `<dl>${row(t('base'), e(pl.areaName))}${row(t('plot'), pl.landName ? e(pl.landName) : null)}</dl>`,
    )
    .join('');
  return `<section id="origin"><h2>${e(t('origin'))}</h2>${svg ?? `<p class="muted">${e(t('mapNoShape'))}</p>`}${names}</section>`;
};

const inputsOf = (ev: TraceSeasonEvent, p: PageInput, t: T): string => {
  if (!ev.inputs || ev.inputs.length === 0) return '';
  const items = ev.inputs.map(
    (i) =>
      `<li>${e(i.name)} · ${e(label(t, 'cat_', i.category))} · ${e(`${num(i.quantity, p.lang, 3)} ${i.unit}`)} · ` +
      `${e(i.registrationNo ? t('regNo', { no: i.registrationNo }) : t('noRegNo'))}</li>`,
  );
  return `<div class="muted">${e(t('inputsUsed'))}</div><ul class="inputs">${items.join('')}</ul>`;
};

const season = (p: PageInput, t: T): string => {
  const items = p.record.season.map((ev) => {
    const pics = (ev.imageIndexes ?? [])
      .slice(0, 3)
      .map((i) => img(p.urls.image(i), p.record.images[i]?.caption ?? ev.title));
    return (
      `<li class="ev-${ev.kind}"><span class="k">${e(label(t, 'kind_', ev.kind))}</span>` +
      `<span class="d">${e(formatWhen(ev.date, p.lang, p.timeZone))}${ev.landName ? ` · ${e(ev.landName)}` : ''}</span>` +
      `<div class="t">${e(ev.title)}</div>${ev.detail ? `<div>${e(ev.detail)}</div>` : ''}` +
      `${inputsOf(ev, p, t)}${pics.length > 0 ? `<div class="pics">${pics.join('')}</div>` : ''}</li>`
    );
  });
  return (
    `<section id="season"><h2>${e(t('season'))}</h2>` +
    (items.length > 0
      ? `<ol class="tl">${items.join('')}</ol>`
      : `<p class="muted">${e(t('seasonEmpty'))}</p>`) +
    '</section>'
  );
};

const captures = (p: PageInput, t: T): string => {
  const shots = p.record.season.filter((ev) => ev.kind === 'capture').flatMap((ev) => ev.imageIndexes ?? []);
  const figs = [...new Set(shots)].map((i) => {
    const im = p.record.images[i];
    const when = im?.takenAt ? formatWhen(im.takenAt, p.lang, p.timeZone) : '';
    return `<figure>${img(p.urls.image(i), im?.caption ?? '')}<figcaption>${e(im?.caption ?? '')} ${e(when)}</figcaption></figure>`;
  });
  return (
    `<section id="captures"><h2>${e(t('captures'))}</h2>` +
    (figs.length > 0
      ? `<div class="gal">${figs.join('')}</div>`
      : `<p class="muted">${e(t('capturesEmpty'))}</p>`) +
    '</section>'
  );
};

const inspections = (p: PageInput, t: T): string => {
  const list = p.record.inspections.map(
    (i) =>
      `<li><span class="${i.result}">${e(t(i.result))}</span> ${e(i.name)} · ${e(formatWhen(i.date, p.lang, p.timeZone))}` +
      `${i.agency ? `<div class="muted">${e(t('agency'))}: ${e(i.agency)}</div>` : ''}` +
      `${i.items ? `<div class="muted">${e(t('items'))}: ${e(i.items)}</div>` : ''}</li>`,
  );
  return (
    `<section id="inspections"><h2>${e(t('inspections'))}</h2>` +
    (list.length > 0 ? `<ul>${list.join('')}</ul>` : `<p class="muted">${e(t('inspectionsEmpty'))}</p>`) +
    '</section>'
  );
};

const footprint = (p: PageInput, t: T): string => {
  const f = p.record.footprint;
  if (!f)
    return `<section id="footprint"><h2>${e(t('footprint'))}</h2><p class="muted">${e(t('footprintNone'))}</p></section>`;
  const stages = f.byStage.filter((s) => Number(s.kgCo2e) > 0);
  const max = Math.max(...stages.map((s) => Number(s.kgCo2e)), 1e-9);
  // Bars as SVG geometry: the page's CSP allows no style attributes.
  const bars = stages
    .map((s, i) => {
      const w = (Number(s.kgCo2e) / max) * 180;
      const y = i * 22;
      return (
        `<text x="0" y="${y + 14}">${e(label(t, 'stage_', s.stage))}</text>` +
        `<rect x="96" y="${y + 4}" width="${w.toFixed(1)}" height="12" rx="3"/>` +
        `<text x="${(100 + w).toFixed(1)}" y="${y + 14}">${e(num(s.kgCo2e, p.lang))}</text>`
      );
    })
    .join('');
  return (
    `<section id="footprint"><h2>${e(t('footprint'))}</h2>` +
    `<div><span class="big">${e(perKg(f.kgCo2ePerKg, p.lang))}</span> kgCO₂e <span class="muted">${e(t('perKg'))}</span></div>` +
    `<p class="muted">${e(t('footprintTotal', { total: num(f.totalKgCo2e, p.lang), kg: num(f.harvestKg, p.lang) }))}</p>` +
    (stages.length > 0
      ? `<svg class="bars" viewBox="0 0 340 ${stages.length * 22 + 4}" role="img" aria-label="${e(t('stage'))}">${bars}</svg>`
      : '') +
    `<p class="muted">${e(f.method === 'tilth-carbon-v1' ? t('methodV1') : t('method', { method: f.method }))}</p></section>`
  );
};

const business = (p: PageInput, t: T): string => {
  const b = p.record.business;
  if (!b) return '';
  const site = b.website && /^https?:\/\//i.test(b.website) ? b.website : null;
  const logo = b.logoIndex != null ? img(p.urls.image(b.logoIndex), b.name, 'hero') : '';
  return (
    `<section id="business"><h2>${e(t('business'))}</h2><p><strong>${e(b.name)}</strong></p><dl>` +
    row(t('creditCode'), b.creditCode ? e(b.creditCode) : null) +
    row(t('address'), b.address ? e(b.address) : null) +
    row(t('phone'), b.phone ? `<a href="tel:${e(b.phone.replace(/[^\d+]/g, ''))}">${e(b.phone)}</a>` : null) +
    row(
      t('website'),
      site ? `<a href="${e(site)}" rel="noopener noreferrer" target="_blank">${e(site)}</a>` : null,
    ) +
    `</dl>${b.introduction ? `<p>${e(b.introduction)}</p>` : ''}${logo}</section>`
  );
};

const outlets = (p: PageInput, t: T): string => {
  const o = p.record.outlets;
  const stores = o.filter((x) => x.kind === 'store');
  const online = o.filter((x) => x.kind === 'online' && x.url);
  const platformName = (code: string): string => {
    const key = knownKey(`platform_${code}`);
    return key ? t(key) : code;
  };
  const store = (s: (typeof o)[number]) =>
    `<div class="outlet"><strong>${e(s.name)}</strong><dl>${row(t('address'), s.address ? e(s.address) : null)}` +
    row(t('phone'), s.phone ? `<a href="tel:${e(s.phone.replace(/[^\d+]/g, ''))}">${e(s.phone)}</a>` : null) +
    `${row(t('openingHours'), s.openingHours ? e(s.openingHours) : null)}</dl></div>`;
  const shop = (s: (typeof o)[number]) =>
    `<div class="outlet"><a href="${e(s.url)}" rel="noopener noreferrer" target="_blank">${e(s.name)}</a>` +
    `${s.platform ? ` <span class="muted">${e(platformName(s.platform))}</span>` : ''}</div>`;
  return (
    `<section id="outlets"><h2>${e(t('outlets'))}</h2>` +
    (stores.length + online.length === 0 ? `<p class="muted">${e(t('outletsEmpty'))}</p>` : '') +
    (stores.length > 0 ? `<h3>${e(t('stores'))}</h3>${stores.map(store).join('')}` : '') +
    (online.length > 0 ? `<h3>${e(t('online'))}</h3>${online.map(shop).join('')}` : '') +
    '</section>'
  );
};

const ledger = (p: PageInput, t: T): string => {
  const x = p.proof;
  const anchors =
    x.anchors.length > 0
      ? x.anchors
          .map((a) => {
            const k = knownKey(`anchor_${a.status}`);
            return e(
              k ? t(k, { provider: a.provider, ref: a.externalRef ?? '' }) : `${a.provider}: ${a.status}`,
            );
          })
          .join('<br>')
      : e(t('anchorNone'));
  const browserTexts = {
    checking: t('browserChecking'),
    valid: t('browserValid'),
    invalid: t('browserInvalid'),
    error: t('browserError'),
    data: t('step_data'),
    tx: t('step_tx'),
    merkle: t('step_merkle'),
    block: t('step_block'),
  };
  const data = Object.entries(browserTexts)
    .map(([k, v]) => ` data-t-${k}="${e(v)}"`)
    .join('');
  return (
    `<section id="ledger"><h2>${e(t('ledger'))}</h2><dl>` +
    row(t('blockHeight'), x.blockHeight !== undefined ? e(x.blockHeight) : null) +
    row(t('txHash'), x.txHash ? `<span class="hash">${e(x.txHash)}</span>` : null) +
    row(t('blockHash'), x.blockHash ? `<span class="hash">${e(x.blockHash)}</span>` : null) +
    row(t('recordHash'), `<span class="hash">${e(x.recordHash)}</span>`) +
    row(t('algorithm'), x.algorithm ? e(x.algorithm.toUpperCase()) : null) +
    row(t('anchor'), anchors) +
    `</dl><p id="browser-check" class="muted" data-proof="${e(p.urls.proof)}"${data}>${e(t('browserCheck'))}…</p>` +
    '</section>'
  );
};

const region = (p: PageInput, t: T): string =>
  p.urls.region
    ? `<section id="region"><h2>${e(t('scan'))}</h2><button type="button" id="share-region" data-url="${e(p.urls.region)}"` +
      ` data-ok="${e(t('regionShared'))}" data-fail="${e(t('regionFailed'))}">${e(t('shareRegion'))}</button>` +
      `<p class="muted" id="region-note">${e(t('shareRegionHint'))}</p></section>`
    : '';

export const renderTracePage = (p: PageInput): string => {
  const t = textsFor(p.lang);
  const r = p.record;
  return (
    `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">' +
    `<title>${e(t('title', { product: r.product.name }))}</title><style>${PAGE_CSS}</style>` +
    `<script src="${e(p.urls.script)}" defer></script></head><body>` +
    header(p, t) +
    `<main>${banners(p, t)}${promo(p, t)}${lot(p, t)}${origin(p, t)}${season(p, t)}${captures(p, t)}${inspections(p, t)}` +
    `${footprint(p, t)}${business(p, t)}${outlets(p, t)}${ledger(p, t)}${region(p, t)}</main>` +
    `<footer>${e(t('published', { date: formatWhen(r.publishedAt, p.lang, p.timeZone) }))} · ${e(t('poweredBy'))}</footer>` +
    '</body></html>'
  );
};

/** The 404 page of an unknown, unpublished or foreign code: says nothing about what exists. */
export const renderNotFoundPage = (lang: Lang): string => {
  const t = textsFor(lang);
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${e(t('notFoundTitle'))}</title><style>${PAGE_CSS}</style></head><body>` +
    `<header><h1>${e(t('notFoundTitle'))}</h1></header><main><section><p>${e(t('notFoundText'))}</p></section></main>` +
    `<footer>${e(t('poweredBy'))}</footer></body></html>`
  );
};
