import { tenantParam } from '@tilth/contracts/common.types';
import { ingestStats, ingestStatsQuery } from '@tilth/contracts/telemetry.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ingestStatsOf, TELEMETRY_ACCESS } from './telemetry.service.js';
import { endAllStreams, streamDeviceEvents } from './telemetry.stream.js';

const V1 = '/wfpe/v1/:tenantId';

export const registerTelemetryRoutes = (app: App, platform: Platform): void => {
  app.addHook('preClose', async () => endAllStreams());

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/ingest-stats`,
    access: TELEMETRY_ACCESS,
    summary:
      'Ingest counters: since this process started and per day (stored, duplicate, malformed, unknown-device, rejected-value, oversize)',
    schema: { params: tenantParam, querystring: ingestStatsQuery, response: { 200: ingestStats } },
    handler: async (ctx, req) => ingestStatsOf(ctx, platform, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/stream`,
    access: TELEMETRY_ACCESS,
    summary:
      'Live device events as Server-Sent Events (text/event-stream): telemetry, status, command, alarm; heartbeat comment every 15 s',
    schema: { params: tenantParam },
    noTransaction: true,
    streams: true,
    handler: async (ctx, req, reply) => {
      await streamDeviceEvents(ctx, platform, req, reply);
      return reply;
    },
  });
};
