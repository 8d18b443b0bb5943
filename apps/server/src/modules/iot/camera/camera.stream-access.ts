import type { Platform } from '../../../platform/platform.js';
import type { StreamClaims } from '../camera-media/index.js';
import { CAMERA_ACCESS } from './camera.access.js';
import { findCamera, setViewer } from './camera.repository.js';

/**
 * Re-admits a playing camera stream against the database (the stream route asks every
 * TILTH_STREAM_RECHECK_SEC): its session is still live, the viewer is still a member of the tenant it
 * watches from with a camera-viewing permission, and the camera still exists, is enabled and — when shared —
 * is still shared to the viewer. So a revocation made by another server process, a disabled camera or an
 * ended share stops the video within seconds, as the live-events stream does (issue 10 item 6).
 */
export const cameraStreamAllowed =
  (platform: Platform) =>
  async (claims: StreamClaims): Promise<boolean> => {
    // Every URL the API hands out names its viewer; one that does not cannot be re-admitted.
    if (claims.uid === undefined || claims.sid === undefined) return false;
    const uid = claims.uid;
    const session = await platform.sessions.findSession(platform.database.db, claims.sid);
    if (!session || session.revokedAt || !session.enabled || session.userId !== uid) return false;
    if (session.expiresAt.getTime() < Date.now()) return false;
    const tenantId = claims.vt ?? claims.t;
    if (!(await platform.sessions.isMember(platform.database.db, uid, tenantId))) return false;
    return platform.database.withTenant(tenantId, async (tx) => {
      const codes = new Set(await platform.sessions.permissionCodes(tx, uid));
      if (!CAMERA_ACCESS.view.some((c) => codes.has(c))) return false;
      await setViewer(tx, uid);
      const cam = await findCamera(tx, claims.c);
      return cam !== undefined && cam.status === 1 && cam.tenantId === claims.t;
    });
  };
