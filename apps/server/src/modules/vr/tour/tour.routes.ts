import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  hotspotState,
  hotspotStateQuery,
  sceneCreateBody,
  sceneDeleteAnswer,
  sceneDeleteBody,
  sceneList,
  sceneListQuery,
  sceneOrderBody,
  scene as sceneSchema,
  sceneUpdateAnswer,
  sceneUpdateBody,
  vr,
  vrCreateBody,
  vrDeleteQuery,
  vrIdParam,
  vrListQuery,
  vrPage,
  vrPublishAnswer,
  vrUpdateBody,
} from '@tilth/contracts/vr.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { SceneService } from './scene.service.js';
import { TourService, VR_ACCESS } from './tour.service.js';
import { registerTourPublicRoutes } from './tour-public.routes.js';

const VR = '/wfpf/v1/:tenantId/panorama-vr';
const SCENES = '/wfpf/v1/:tenantId/panorama-scenes';

/** VR tours and their scenes (spec 03 §7 panorama-vr, panorama-scenes) and the public link (issue 17). */
export const registerTourRoutes = (app: App, platform: Platform): void => {
  const tours = new TourService();
  const scenes = new SceneService();
  addRoute(app, platform, {
    method: 'GET',
    url: VR,
    access: VR_ACCESS.view,
    summary:
      'VR tours of /system/vr-video, newest first (vrName contains, areaId, enabledFlag), with scene counts',
    schema: { params: tenantParam, querystring: vrListQuery, response: { 200: vrPage } },
    handler: (ctx, req) => tours.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${VR}/:vrId`,
    access: VR_ACCESS.view,
    summary: 'One VR tour: basics, bases and public link',
    schema: { params: vrIdParam, response: { 200: vr } },
    handler: (ctx, req) => tours.get(ctx, req.params.vrId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: VR,
    access: VR_ACCESS.create,
    summary: 'Creates a tour with its first scenes (1–10 ready panoramas) in one transaction',
    schema: { params: tenantParam, body: vrCreateBody, response: { 200: vr } },
    handler: (ctx, req) => tours.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: VR,
    access: VR_ACCESS.edit,
    summary: "Saves a tour's basics (cover, name, bases, description; objectVersionNumber: stale → 409)",
    schema: { params: tenantParam, body: vrUpdateBody, response: { 200: vr } },
    handler: (ctx, req) => tours.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${VR}/:vrId`,
    access: VR_ACCESS.delete,
    summary: 'Deletes a tour with its scenes; its public link stops at once',
    schema: { params: vrIdParam, querystring: vrDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => tours.remove(ctx, req.params.vrId, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${VR}/:vrId/publish`,
    access: VR_ACCESS.publish,
    summary: 'Publishes a read-only public link (a random token); answers its console path',
    schema: { params: vrIdParam, response: { 200: vrPublishAnswer } },
    handler: (ctx, req) => tours.publish(ctx, req.params.vrId),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${VR}/:vrId/publish`,
    access: VR_ACCESS.publish,
    summary: 'Withdraws the public link: the next public request answers 404',
    schema: { params: vrIdParam, response: { 200: vrPublishAnswer } },
    handler: (ctx, req) => tours.unpublish(ctx, req.params.vrId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: SCENES,
    access: VR_ACCESS.view,
    summary: "A tour's scenes in strip order, each with its panorama",
    schema: { params: tenantParam, querystring: sceneListQuery, response: { 200: sceneList } },
    handler: (ctx, req) => scenes.list(ctx, req.query.vrId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${SCENES}/hotspot-state`,
    access: VR_ACCESS.view,
    summary: "A device hotspot's live state for the signed-in preview (values, units, online)",
    schema: { params: tenantParam, querystring: hotspotStateQuery, response: { 200: hotspotState } },
    handler: (ctx, req) => scenes.hotspotState(ctx, req.query.scenesId, req.query.name),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: SCENES,
    access: VR_ACCESS.edit,
    summary: "Adds a scene showing a ready panorama (at most 10: 'The number of scenes cannot exceed 10')",
    schema: { params: tenantParam, body: sceneCreateBody, response: { 200: sceneSchema } },
    handler: (ctx, req) => scenes.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: SCENES,
    access: VR_ACCESS.edit,
    summary: "Saves a scene's view and hotspots, every spec 03 §5 rule checked (stale → 409)",
    schema: { params: tenantParam, body: sceneUpdateBody, response: { 200: sceneUpdateAnswer } },
    handler: (ctx, req) => scenes.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: SCENES,
    access: VR_ACCESS.edit,
    summary: "Deletes a scene (never the last: 'At least one scene is required'); links to it go too",
    schema: { params: tenantParam, body: sceneDeleteBody, response: { 200: sceneDeleteAnswer } },
    handler: (ctx, req) => scenes.remove(ctx, req.body.scenesId),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${SCENES}/order`,
    access: VR_ACCESS.edit,
    summary: "The scene strip's order (every scene of the tour once)",
    schema: { params: tenantParam, body: sceneOrderBody, response: { 200: sceneList } },
    handler: (ctx, req) => scenes.reorder(ctx, req.body.vrId, req.body.scenesIds),
  });

  registerTourPublicRoutes(app, platform);
};
