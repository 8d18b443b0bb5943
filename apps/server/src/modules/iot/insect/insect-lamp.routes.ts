import { pageQuery, tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import { commandIssued } from '@tilth/contracts/control.types';
import { insectRecord, insectRecordPage } from '@tilth/contracts/insect.types';
import {
  lampAnalysis,
  lampAnalysisQuery,
  lampConfiguration,
  lampConfigureBody,
  lampConfigured,
  lampControlState,
  lampCurve,
  lampCurveQuery,
  lampDataQuery,
  lampDayParam,
  lampDevicePhotoQuery,
  lampDrawBody,
  lampPhotoQuery,
  lampReadingPage,
  lampRecordBody,
  lampSim,
} from '@tilth/contracts/insect-lamp.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { RECORD_ACCESS } from './insect.access.js';
import type { InsectService } from './insect.service.js';
import { InsectLampService, LAMP_ACCESS } from './insect-lamp.service.js';

// Spec 02 §7 "Insect lamp (/wfpe/v1/{t})": the yf/insect-situation-lamp/… calls of the lamp screens. The
// lamp's CRUD paths (insect-situation-lamp GET/POST/PUT/DELETE, page/isl, get, device/{id}) live with the
// device registry.

export const registerInsectLampRoutes = (app: App, platform: Platform, records: InsectService): void => {
  const lamps = new InsectLampService(platform, records);
  const yf = '/wfpe/v1/:tenantId/yf/insect-situation-lamp';

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/page/history-img`,
    access: LAMP_ACCESS.view,
    summary: 'Trap photos of the lamps with their counts, newest first (deviceId, startTime, endTime; paged)',
    schema: { params: tenantParam, querystring: lampPhotoQuery, response: { 200: insectRecordPage } },
    handler: (ctx, req) => lamps.photos(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/:id/history-img`,
    access: LAMP_ACCESS.view,
    summary: 'Trap photos of one lamp, newest first (startTime, endTime; paged)',
    schema: { params: tenantIdParam, querystring: lampDevicePhotoQuery, response: { 200: insectRecordPage } },
    handler: (ctx, req) => lamps.photos(ctx, { ...req.query, deviceId: req.params.id }),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/insect-situation-lamp/:id/:day/page',
    access: LAMP_ACCESS.view,
    summary:
      'Photos one lamp (id) took on one farm day (day = YYYY-MM-DD in the time zone of the tenant), newest first; paged',
    schema: { params: lampDayParam, querystring: pageQuery, response: { 200: insectRecordPage } },
    handler: (ctx, req) =>
      lamps.photos(
        ctx,
        { ...req.query, deviceId: req.params.id, startTime: undefined, endTime: undefined },
        req.params.day,
      ),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${yf}/configure/device`,
    access: LAMP_ACCESS.edit,
    summary:
      'Lamp schedule: photo interval and duration (30–1440 min, interval ≤ duration) and upload period, or the insecticidal lamp’s on / off hours; stored in the device config and sent as its command (409 when offline, nothing stored)',
    schema: { params: tenantParam, body: lampConfigureBody, response: { 200: lampConfigured } },
    handler: (ctx, req) => lamps.configure(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/get-configure/:id`,
    access: LAMP_ACCESS.view,
    summary: 'The lamp’s stored schedule (null where unset), its commands and the limits of each field',
    schema: { params: tenantIdParam, response: { 200: lampConfiguration } },
    handler: (ctx, req) => lamps.getConfiguration(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/page/history-data`,
    access: LAMP_ACCESS.view,
    summary: 'Stored readings of one lamp (deviceId), newest first; default the last month; paged',
    schema: { params: tenantParam, querystring: lampDataQuery, response: { 200: lampReadingPage } },
    handler: (ctx, req) => lamps.readings(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/:id/sim_select`,
    access: LAMP_ACCESS.view,
    summary: 'The IoT card the lamp carries (its iccid and the registered card, if any)',
    schema: { params: tenantIdParam, response: { 200: lampSim } },
    handler: (ctx, req) => lamps.sim(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/analysis`,
    access: LAMP_ACCESS.view,
    summary:
      'Analysis result: counts and share per pest of one lamp (deviceId) or all, default the last month',
    schema: { params: tenantParam, querystring: lampAnalysisQuery, response: { 200: lampAnalysis } },
    handler: (ctx, req) => lamps.analysis(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/photograph/:id`,
    access: LAMP_ACCESS.control,
    summary: 'Asks the lamp to take a photo now (capture command); 409 when the lamp is offline',
    schema: { params: tenantIdParam, response: { 200: commandIssued } },
    handler: (ctx, req) => lamps.photograph(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/control-device/:id`,
    access: LAMP_ACCESS.view,
    summary: 'Control state: online, lamp on / off, rain, count, its commands, pending and recent commands',
    schema: { params: tenantIdParam, response: { 200: lampControlState } },
    handler: (ctx, req) => lamps.controlState(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${yf}/status/curve`,
    access: LAMP_ACCESS.view,
    summary:
      'One metric of a lamp (default its insect / kill count) as a chart-ready series; default the last month',
    schema: { params: tenantParam, querystring: lampCurveQuery, response: { 200: lampCurve } },
    handler: (ctx, req) => lamps.curve(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${yf}/draw-manually`,
    access: RECORD_ACCESS.edit,
    summary: 'Replaces a photo’s boxes with hand-drawn ones and recounts ({id, objectVersionNumber, boxes})',
    schema: { params: tenantParam, body: lampDrawBody, response: { 200: insectRecord } },
    handler: (ctx, req) => lamps.draw(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${yf}/re-identify`,
    access: RECORD_ACCESS.edit,
    summary: 'Runs automatic identification on a photo again ({id}); replaces its boxes and counts',
    schema: { params: tenantParam, body: lampRecordBody, response: { 200: insectRecord } },
    handler: (ctx, req) => lamps.reidentify(ctx, req.body.id),
  });
};
