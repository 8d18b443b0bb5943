import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  devicePhotoQuery,
  devicePhotoResult,
  drawBody,
  INSECT_PHOTO_MAX_BYTES,
  insectCounts,
  insectIdParam,
  insectRecord,
  insectRecordPage,
  insectRecordQuery,
  insectTrend,
  insectTrendQuery,
  insectTypeList,
  insectTypePage,
  insectTypeQuery,
  pieChart,
  statisticsCreateBody,
  statisticsRangeQuery,
  statisticsUpdateBody,
  typeTrend,
} from '@tilth/contracts/insect.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { parseHistoryTime } from '../device/index.js';
import { sendXlsx } from '../report/index.js';
import { RECORD_ACCESS, STATISTICS_ACCESS } from './insect.access.js';
import { InsectErrors } from './insect.errors.js';
import { type InsectIdentifier, LocalInsectIdentifier } from './insect.identify.js';
import { InsectService } from './insect.service.js';
import { registerInsectLampRoutes } from './insect-lamp.routes.js';
import { registerPestStatisticsRoutes } from './insect-lamp-statistics.routes.js';
import { InsectStatisticsService } from './insect-statistics.service.js';

const readPart = async (stream: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  try {
    for await (const c of stream) chunks.push(c);
  } catch {
    throw InsectErrors.notMultipart();
  }
  if (stream.truncated) throw InsectErrors.tooLarge({ n: INSECT_PHOTO_MAX_BYTES / (1024 * 1024) });
  return Buffer.concat(chunks);
};

export const registerInsectRoutes = (
  app: App,
  platform: Platform,
  identifier: InsectIdentifier = new LocalInsectIdentifier({
    maxInputPixels: platform.config.imageMaxPixels,
  }),
): void => {
  const records = new InsectService(platform.storage, identifier);
  const stats = new InsectStatisticsService(records, platform.storage);
  const base = '/wfpe/v1/:tenantId/insect';
  const statsBase = '/wfpe/v1/:tenantId/insect-statistics';

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/device-photo`,
    access: 'public',
    summary:
      'A trap photo from a device (HTTP Basic with its MQTT username {tenantId}/{typeKey}/{eui} and secret; multipart field "file", JPG or PNG ≤ 50 MB; optional takenAt). Counted on arrival.',
    schema: {
      params: tenantParam,
      querystring: devicePhotoQuery,
      consumes: ['multipart/form-data'],
      response: { 200: devicePhotoResult },
    },
    noTransaction: true,
    handler: async (ctx, req) => {
      // Credentials first: an unknown caller's body is never read.
      const device = await records.authenticateDevice(ctx, req.headers.authorization);
      if (!req.isMultipart()) throw InsectErrors.notMultipart();
      const part = await req.file({ limits: { fileSize: INSECT_PHOTO_MAX_BYTES } }).catch((err: unknown) => {
        if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
        throw InsectErrors.notMultipart();
      });
      if (!part) throw InsectErrors.noFile();
      const image = await readPart(part.file);
      if (image.length === 0) throw InsectErrors.noFile();
      const field = part.fields.takenAt;
      const fieldValue =
        field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string'
          ? field.value
          : undefined;
      const text = fieldValue || req.query.takenAt;
      const takenAt = text ? parseHistoryTime(text, 'start', ctx.timeZone) : new Date();
      if (!takenAt) throw InsectErrors.badTime();
      return records.storeDevicePhoto(ctx, device, image, takenAt);
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/page`,
    access: RECORD_ACCESS.view,
    summary: 'Trap photos and counts, newest first (deviceId, areaId, source, name, startTime, endTime)',
    schema: { params: tenantParam, querystring: insectRecordQuery, response: { 200: insectRecordPage } },
    handler: (ctx, req) => records.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/trend`,
    access: RECORD_ACCESS.view,
    summary:
      'Pest trend of one trap (spec 02 §2): Σ per day per insect name [{name, insectQuantity, creationDate}]; default the last month',
    schema: { params: tenantParam, querystring: insectTrendQuery, response: { 200: insectTrend } },
    handler: (ctx, req) => records.trend(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id`,
    access: RECORD_ACCESS.view,
    summary: 'One pest record with its photo, boxes and counts',
    schema: { params: insectIdParam, response: { 200: insectRecord } },
    handler: (ctx, req) => records.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/re-identify`,
    access: RECORD_ACCESS.edit,
    summary: 'Runs automatic identification on the photo again (replaces boxes and counts)',
    schema: { params: insectIdParam, response: { 200: insectRecord } },
    handler: (ctx, req) => records.reidentify(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/draw-manually`,
    access: RECORD_ACCESS.edit,
    summary:
      'Replaces the boxes with hand-drawn ones ({name, box:[x,y,w,h] in 0..1}) and recounts; objectVersionNumber required',
    schema: { params: insectIdParam, body: drawBody, response: { 200: insectRecord } },
    handler: (ctx, req) => records.draw(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/insect-type/list`,
    access: STATISTICS_ACCESS.read,
    summary: 'All insect types: the platform catalogue and the tenant’s own',
    schema: { params: tenantParam, response: { 200: insectTypeList } },
    handler: async (ctx) => (await stats.types(ctx, { page: 0, size: 0, name: undefined })).content,
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/insect-type/page`,
    access: STATISTICS_ACCESS.read,
    summary: 'Insect types by page (name contains, Chinese or English)',
    schema: { params: tenantParam, querystring: insectTypeQuery, response: { 200: insectTypePage } },
    handler: (ctx, req) => stats.types(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/page`,
    access: STATISTICS_ACCESS.read,
    summary: 'Pest records (photos and manual entries) by page',
    schema: { params: tenantParam, querystring: insectRecordQuery, response: { 200: insectRecordPage } },
    handler: (ctx, req) => records.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: statsBase,
    access: STATISTICS_ACCESS.create,
    summary: 'Adds a manual pest count (counts per insect at takenAt; optionally of a trap or base)',
    schema: { params: tenantParam, body: statisticsCreateBody, response: { 200: insectRecord } },
    handler: (ctx, req) => stats.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: statsBase,
    access: STATISTICS_ACCESS.edit,
    summary: 'Edits a manual pest count (id and objectVersionNumber required)',
    schema: { params: tenantParam, body: statisticsUpdateBody, response: { 200: insectRecord } },
    handler: (ctx, req) => stats.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${statsBase}/:id`,
    access: RECORD_ACCESS.delete,
    summary: 'Deletes a pest record and its photo',
    schema: { params: insectIdParam, response: { 200: okResult } },
    handler: (ctx, req) => stats.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/pie-chart`,
    access: STATISTICS_ACCESS.read,
    summary: 'Share of each insect over a range (default the last month): [{name, value, percent}]',
    schema: { params: tenantParam, querystring: statisticsRangeQuery, response: { 200: pieChart } },
    handler: (ctx, req) => stats.pie(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/trend/:id/all`,
    access: STATISTICS_ACCESS.read,
    summary: 'Daily totals of one insect type (id) over all traps, every day of the range',
    schema: { params: insectIdParam, querystring: statisticsRangeQuery, response: { 200: typeTrend } },
    handler: (ctx, req) => stats.typeTrend(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/count`,
    access: STATISTICS_ACCESS.read,
    summary: 'Insects counted today, over the past 7 days and the past 30 days',
    schema: { params: tenantParam, querystring: statisticsRangeQuery, response: { 200: insectCounts } },
    handler: (ctx, req) => stats.counts(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${statsBase}/export`,
    access: STATISTICS_ACCESS.read,
    summary: 'Pest records of a range as .xlsx (records and totals)',
    schema: { params: tenantParam, querystring: statisticsRangeQuery },
    handler: async (ctx, req, reply) =>
      sendXlsx(reply, 'pest-statistics.xlsx', await stats.exportXlsx(ctx, req.query)),
  });

  // Spec 02 §7 insect-lamp and per-trap statistics paths, on the same services.
  registerInsectLampRoutes(app, platform, records);
  registerPestStatisticsRoutes(app, platform, records, stats);
};
