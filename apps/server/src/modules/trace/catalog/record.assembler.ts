import {
  PLANTING_STANDARDS,
  type PlantingStandard,
  type TracePublicRecord,
  type TraceSeasonEvent,
} from '@tilth/contracts/trace.types';
import type { Db } from '../../../platform/db/client.js';
import { addDays, dayEnd, dayStart } from '../../../platform/time/zone.js';
import { promoVideoAsset } from '../../content/media/index.js';
import { inputsById } from '../../farm/agricultural/index.js';
import { findBase } from '../../farm/area/index.js';
import { findBatch } from '../../farm/batch/index.js';
import { farmLogsOfPlots } from '../../farm/farm-log/index.js';
import { plotShape } from '../../farm/land/index.js';
import { finishedTasksWithInputs } from '../../farm/task/index.js';
import {
  businessProfileOf,
  findTraceProductRow,
  outletsByIds,
  sourcesOfTraceBatch,
  type TraceBatchRow,
} from './record.repository.js';

// A trace batch → the record its public page shows and the ledger proves (issue 18 item 3). Everything is
// read from what the farm recorded during the season — nothing typed again — and frozen at publication.

/** Pictures a record lists (captures newest first, then product image and logo): the page stays light. */
export const RECORD_IMAGES_MAX = 24;
/** Bounds of one season's timeline, so a record (and its page) stays small whatever the farm logged. */
const TASKS_MAX = 200;
const LOGS_MAX = 300;

/** The carbon footprint of the harvests (carbon domain, in the publishing transaction), or null. */
export type FootprintOf = (farmBatchIds: number[]) => Promise<TracePublicRecord['footprint']>;

export interface AssembleInput {
  tenantId: number;
  timeZone: string;
  batch: TraceBatchRow;
  version: number;
  publishedAt: Date;
  footprintOf?: FootprintOf | undefined;
}

/** Why a batch cannot be published (the service turns each into its error). */
export type AssembleRefusal = 'noProduct' | 'noSource' | 'notHarvested';

const FILE_URL = /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-f-]{36})\/(file|image)$/i;
/** Only the tenant's own stored files can be served back by the public page (by index). */
const ownFile = (url: string | null | undefined, tenantId: number): boolean => {
  const m = url ? FILE_URL.exec(url.trim()) : null;
  return m !== null && Number(m[1]) === tenantId;
};

const standardOf = (s: string): PlantingStandard =>
  (PLANTING_STANDARDS as readonly string[]).includes(s) ? (s as PlantingStandard) : 'normal';

export const assembleRecord = async (
  db: Db,
  a: AssembleInput,
): Promise<TracePublicRecord | AssembleRefusal> => {
  const { tenantId, batch } = a;
  const product = await findTraceProductRow(db, tenantId, batch.traceProductId);
  if (!product) return 'noProduct';
  const sources = await sourcesOfTraceBatch(db, tenantId, batch.id);
  if (sources.length === 0) return 'noSource';
  const farmBatches = [];
  for (const s of sources) {
    const fb = await findBatch(db, tenantId, s.farmBatchId);
    if (!fb) return 'noSource';
    if (fb.status === 'growing' || !fb.harvestDate) return 'notHarvested';
    farmBatches.push(fb);
  }

  const places: TracePublicRecord['places'] = [];
  const landIds: number[] = [];
  const landNames = new Map<number, string>();
  for (const fb of farmBatches) {
    const base = await findBase(db, tenantId, fb.areaId);
    const plot = fb.landId !== null ? await plotShape(db, tenantId, fb.landId) : undefined;
    if (plot) {
      landIds.push(plot.id);
      landNames.set(plot.id, plot.landName);
    }
    if (places.some((p) => p.areaName === (base?.areaName ?? '') && p.landName === (plot?.landName ?? null)))
      continue;
    places.push({
      areaName: base?.areaName ?? fb.areaName ?? '',
      areaCenter: base?.areaCenter ?? null,
      landName: plot?.landName ?? null,
      landCenter: plot?.landCenter ?? null,
      boundary: plot?.boundary ?? null,
    });
  }

  // The season: from the earliest sowing to the day after the latest harvest, in the farm's time zone.
  const first = farmBatches.map((b) => b.startDate).sort()[0] as string;
  const last = farmBatches.map((b) => b.harvestDate as string).sort()[farmBatches.length - 1] as string;
  const from = dayStart(first, a.timeZone);
  const to = dayEnd(last, a.timeZone);
  const season: TraceSeasonEvent[] = [];
  for (const fb of farmBatches) {
    const crop = [fb.cropName, fb.varietyName].filter(Boolean).join(' · ');
    season.push({ date: fb.startDate, kind: 'sow', title: crop, landName: fb.landName ?? null });
  }

  const tasks = await finishedTasksWithInputs(db, tenantId, {
    batchIds: farmBatches.map((b) => b.id),
    landIds,
    from,
    to,
    limit: TASKS_MAX,
  });
  const inputs = await inputsById(db, tenantId, [
    ...new Set(tasks.flatMap((t) => t.usages.map((u) => u.inputId))),
  ]);
  for (const t of tasks) {
    season.push({
      date: t.finishedAt.toISOString(),
      kind: 'task',
      title: t.taskName,
      detail: t.finishNote,
      landName: t.landId !== null ? (landNames.get(t.landId) ?? null) : null,
      inputs: t.usages.flatMap((u) => {
        const i = inputs.get(u.inputId);
        return i
          ? [
              {
                name: i.inputName,
                category: i.category,
                registrationNo: i.registrationNo,
                quantity: String(Number(u.quantity)),
                unit: i.unit,
              },
            ]
          : [];
      }),
    });
  }

  const logs = await farmLogsOfPlots(db, tenantId, { landIds, from, to, limit: LOGS_MAX });
  const images: TracePublicRecord['images'] = [];
  const addImage = (url: string, caption: string | null, takenAt: string | null): number | undefined => {
    if (images.length >= RECORD_IMAGES_MAX || !ownFile(url, tenantId)) return undefined;
    images.push({ url: url.trim(), caption, takenAt });
    return images.length - 1;
  };
  // Newest captures take the image slots first; the timeline itself stays in date order.
  const captureImages = new Map<number, number[]>();
  for (const l of [...logs].reverse()) {
    if (l.source !== 'camera') continue;
    const idx = l.pictures.flatMap((p) => addImage(p, l.title, l.logTime.toISOString()) ?? []);
    captureImages.set(l.id, idx);
  }
  for (const l of logs) {
    const capture = l.source === 'camera';
    const idx = captureImages.get(l.id) ?? [];
    season.push({
      date: l.logTime.toISOString(),
      kind: capture ? 'capture' : 'log',
      title: l.title,
      detail: l.description,
      landName: l.landId !== null ? (landNames.get(l.landId) ?? null) : null,
      ...(capture ? { imageIndexes: idx } : {}),
    });
  }

  for (const fb of farmBatches) {
    season.push({
      date: fb.harvestDate as string,
      kind: 'harvest',
      title: [fb.cropName, fb.varietyName].filter(Boolean).join(' · '),
      detail: fb.harvestQuantity !== null ? `${Number(fb.harvestQuantity)} ${fb.unit ?? ''}`.trim() : null,
      landName: fb.landName ?? null,
    });
  }
  for (const i of batch.inspections)
    season.push({ date: i.date, kind: 'inspection', title: i.name, detail: i.agency ?? null });
  // Date order; a day's events before its timed ones ('2026-05-01' < '2026-05-01T…'), ties by kind order.
  season.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));

  const productImage = product.imageUrl ? addImage(product.imageUrl, product.productName, null) : undefined;
  const business = await businessProfileOf(db, tenantId);
  const logo = business?.logoUrl ? addImage(business.logoUrl, business.businessName, null) : undefined;
  const outlets = await outletsByIds(db, tenantId, product.outletIds);
  const footprint = a.footprintOf ? await a.footprintOf(farmBatches.map((b) => b.id)) : null;
  // Frozen like the pictures: the public routes serve only the video this record names.
  const video = await promoVideoAsset(db, tenantId, product.promoVideoId);

  return {
    schema: 1,
    tenantId,
    traceBatchId: batch.id,
    version: a.version,
    publishedAt: a.publishedAt.toISOString(),
    product: {
      name: product.productName,
      enName: product.productEnName,
      gtin: product.gtin,
      specification: batch.specification ?? product.specification,
      netWeight: product.netWeight,
      weightUnit: product.weightUnit,
      shelfLifeDays: product.shelfLifeDays,
      plantingStandard: standardOf(product.plantingStandard),
      certificates: product.certificates,
      description: product.description,
      imageIndex: productImage ?? null,
    },
    batch: {
      batchCode: batch.batchCode,
      placeOfOrigin: batch.placeOfOrigin ?? product.placeOfOrigin,
      weight: batch.weight,
      productionDate: batch.productionDate,
      expiryDate:
        batch.expiryDate ??
        (product.shelfLifeDays ? addDays(batch.productionDate, product.shelfLifeDays) : null),
      harvests: farmBatches.map((fb) => ({
        batchCode: fb.batchCode,
        cropName: fb.cropName ?? '',
        varietyName: fb.varietyName,
        startDate: fb.startDate,
        harvestDate: fb.harvestDate,
        harvestQuantity: fb.harvestQuantity,
        unit: fb.unit,
      })),
    },
    business: business
      ? {
          name: business.businessName,
          creditCode: business.creditCode,
          address: business.address,
          phone: business.phone,
          website: business.website,
          introduction: business.introduction,
          logoIndex: logo ?? null,
        }
      : null,
    places,
    season,
    inspections: batch.inspections,
    footprint,
    outlets: outlets.map((o) => ({
      kind: o.kind === 'online' ? 'online' : 'store',
      name: o.outletName,
      platform: o.platform,
      // Only https links reach the page (the outlet form asks for them; older rows may not).
      url: o.url && /^https:\/\//i.test(o.url) ? o.url : null,
      address: o.address,
      phone: o.phone,
      openingHours: o.openingHours,
    })),
    images,
    // Absent (not null) when none, so records without a video hash as before.
    ...(video
      ? {
          promoVideo: {
            assetKey: video.assetKey,
            width: video.width,
            height: video.height,
            durationMs: video.durationMs,
          },
        }
      : {}),
  };
};
