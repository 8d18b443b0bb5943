import { z } from 'zod';
import { onAccessChange } from '../../../platform/auth/access-cache.js';
import { accessChangedSince } from '../../../platform/http/live-streams.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CameraMediaErrors } from './camera-media.errors.js';
import { MediaBusyError, MediaHub, type MediaHubOptions, StreamUnknownError } from './hub.js';
import { CameraOfflineError } from './provider.types.js';
import type { StreamClaims } from './stream-token.js';

// The video itself: GET /wfpe/v1/{t}/camera/stream/{cameraId}?st=<signed token>. Public (a <video> or
// mpegts.js cannot send the bearer header) and admitted by the signed token alone: bound to tenant, camera,
// quality or playback range, and expiry. An open stream is ended when its session, user or tenant access
// changes in this process, by the camera API through `endViewers`, and by the optional re-check every
// TILTH_STREAM_RECHECK_SEC (a camera deleted or disabled, a user no longer allowed).

const hubs = new WeakMap<Platform, MediaHub>();

/**
 * The process's media hub for a platform (one, shared by the demo provider and the stream route); the
 * first call may tune it (tests: short grace, small pictures).
 */
export const mediaHubOf = (platform: Platform, tune: Partial<MediaHubOptions> = {}): MediaHub => {
  let hub = hubs.get(platform);
  if (!hub) {
    hub = new MediaHub({
      dataDir: platform.config.dataDir,
      secret: platform.keys.jwtSecret,
      recordHours: platform.config.cameraRecordHours ?? 24,
      ...tune,
    });
    hubs.set(platform, hub);
  }
  return hub;
};

export interface CameraStreamOptions {
  /** Whether the stream may go on (the camera exists, is enabled, the user may still view it). */
  stillAllowed?: (claims: StreamClaims) => Promise<boolean>;
}

const params = z.object({
  tenantId: z.coerce.number().int().nonnegative(),
  cameraId: z.coerce.number().int().nonnegative(),
});
const query = z.object({ st: z.string().min(1).max(2048) });

export const registerCameraStreamRoutes = (
  app: App,
  platform: Platform,
  options: CameraStreamOptions = {},
): void => {
  const hub = mediaHubOf(platform);
  // The demo server draws the scene at start (about 2 s, once per data directory), not on the first viewer.
  if (platform.config.demo) void hub.warm().catch(() => undefined);
  const unsubscribe = onAccessChange((change) => {
    if ('all' in change) hub.endViewers({});
    else if ('session' in change) hub.endViewers({ sessionId: change.session });
    else if ('user' in change) hub.endViewers({ userId: change.user });
    else hub.endViewers({ tenantId: change.tenant });
  });
  // Every ffmpeg child ends with the server; a hijacked reply would otherwise hold close() open.
  app.addHook('preClose', async () => {
    unsubscribe();
    await hub.close();
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/camera/stream/:cameraId',
    access: 'public',
    summary:
      'Camera video as MPEG-TS (H.264) for mpegts.js, live or playback, admitted by the signed short-lived `st` token the live / playback calls answer',
    schema: { params, querystring: query },
    noTransaction: true,
    streams: true,
    handler: async (ctx, req, reply) => {
      // No later than the token was checked: an access change from then on refuses the stream below.
      const admittedAt = performance.now() - reply.elapsedTime;
      const { tenantId, cameraId } = req.params;
      const claims = hub.verify(req.query.st, tenantId, cameraId);
      if (!claims) throw CameraMediaErrors.streamRefused();
      if (options.stillAllowed && !(await options.stillAllowed(claims)))
        throw CameraMediaErrors.streamRefused();
      let viewer: Awaited<ReturnType<MediaHub['openClaims']>>;
      try {
        viewer = await hub.openClaims(claims, ctx.timeZone);
      } catch (err) {
        if (err instanceof MediaBusyError) throw CameraMediaErrors.busy();
        if (err instanceof StreamUnknownError) throw CameraMediaErrors.streamRefused();
        if (err instanceof CameraOfflineError) throw CameraMediaErrors.offline();
        throw err;
      }
      // A logout or revocation while the stream was being set up reached no viewer yet: refuse it now.
      if (accessChangedSince(admittedAt, { sessionId: claims.sid, userId: claims.uid, tenantId: claims.t })) {
        viewer.end();
        throw CameraMediaErrors.streamRefused();
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'video/mp2t',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      let recheck: NodeJS.Timeout | undefined;
      const end = () => {
        clearInterval(recheck);
        viewer.end();
        if (!res.writableEnded) res.end();
      };
      viewer.stream.on('error', end);
      viewer.stream.on('close', end);
      viewer.stream.pipe(res);
      req.raw.on('close', end);
      res.on('error', end);
      if (options.stillAllowed) {
        const allowed = options.stillAllowed;
        recheck = setInterval(() => {
          allowed(claims).then(
            (ok) => ok || end(),
            () => end(),
          );
        }, platform.config.streamRecheckSeconds * 1000);
        recheck.unref();
      }
      return reply;
    },
  });
};
