import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import { everyJob, type Job } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { wallTime } from '../../../platform/time/zone.js';
import { listTenantIds, tenantTimeZone } from '../../identity/tenant/index.js';
import { CameraOfflineError } from '../camera-media/index.js';
import { refOf } from './camera.access.js';
import { cameraProviders } from './camera.providers.js';
import { findCamera, listCameras, setOnline } from './camera.repository.js';
import { storeStill } from './camera.still.js';
import { activeSchedules, claimSlot, insertSeedling } from './camera-capture.repository.js';
import { timelapseJobs } from './camera-timelapse.jobs.js';

// Timed captures (spec 02 §5, issue 16 item 4): each minute, every active schedule whose current slot is
// not yet taken captures once — claimed in the database first, so a slot is shot once however many passes
// or processes look at it — and the still is kept as a seedling-situation image of the camera's plot.

const TICK_MS = Number(process.env.TILTH_CAMERA_CAPTURE_TICK ?? 60_000);
/** At most this many captures per pass; the rest wait for the next minute (their slot stays open). */
const MAX_PER_PASS = 20;

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The slot a schedule is in at `now` (tenant wall clock), or null outside its daily window. */
export const slotAt = (
  s: { startTime: string; intervalMin: number; durationMin: number },
  now: Date,
  tz: string,
): Date | null => {
  const w = wallTime(now, tz);
  const minute = w.hour * 60 + w.minute;
  const start = minutesOf(s.startTime);
  if (minute < start || minute >= start + s.durationMin) return null;
  const slotMinute = start + Math.floor((minute - start) / s.intervalMin) * s.intervalMin;
  const thisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(thisMinute - (minute - slotMinute) * 60_000);
};

export interface CapturePass {
  captured: number;
  failed: number;
}

/** One pass over every tenant's schedules; exported so tests drive the clock. */
export const runTimedCaptures = async (platform: Platform, now: Date = new Date()): Promise<CapturePass> => {
  const out: CapturePass = { captured: 0, failed: 0 };
  const db = platform.database;
  for (const tenantId of await listTenantIds(db.db)) {
    if (out.captured + out.failed >= MAX_PER_PASS) break;
    const tz = (await tenantTimeZone(db.db, tenantId)) ?? DEFAULT_TIME_ZONE;
    const schedules = await db.withTenant(tenantId, (tx) => activeSchedules(tx, tenantId));
    for (const s of schedules) {
      if (out.captured + out.failed >= MAX_PER_PASS) break;
      const slot = slotAt(s, now, tz);
      if (!slot) continue;
      const cam = await db.withTenant(tenantId, async (tx) => {
        const c = await findCamera(tx, s.cameraId);
        if (!c || c.tenantId !== tenantId || c.status !== 1) return undefined;
        return (await claimSlot(tx, tenantId, s.id, slot)) ? c : undefined;
      });
      const provider = cam && cameraProviders.get(cam.provider);
      if (!cam || !provider) continue;
      try {
        const ref = refOf(cam);
        if (s.presetIndex !== null) await provider.presetGo(ref, s.presetIndex);
        const still = await provider.capture(ref);
        await db.withTenant(tenantId, async (tx) => {
          const stored = await storeStill(tx, platform.storage, tenantId, null, cam, still);
          await insertSeedling(tx, tenantId, {
            cameraId: cam.id,
            areaId: cam.areaId,
            landId: cam.landId,
            fileId: stored.fileId,
            takenAt: still.takenAt,
            source: 'schedule',
            scheduleId: s.id,
            slotAt: slot,
            createdBy: null,
          });
        });
        out.captured += 1;
      } catch (err) {
        // An offline camera misses this slot; anything else is logged by the job runner's caller.
        if (!(err instanceof CameraOfflineError)) throw err;
        out.failed += 1;
      }
    }
  }
  return out;
};

const ONLINE_MS = Number(process.env.TILTH_CAMERA_ONLINE_TICK ?? 120_000);
/** At most this many cameras asked per pass, each given this long to answer. */
const ONLINE_MAX = 500;
const ONLINE_TIMEOUT_MS = 5_000;

const answersWithin = async (p: Promise<boolean>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
};

/** Asks each camera's provider whether it answers and stores online 1 / 0 (the lists' online column). */
export const refreshOnline = async (platform: Platform): Promise<number> => {
  const db = platform.database;
  let asked = 0;
  for (const tenantId of await listTenantIds(db.db)) {
    if (asked >= ONLINE_MAX) break;
    const { rows } = await db.withTenant(tenantId, (tx) =>
      listCameras(tx, tenantId, { relation: 'owner' }, ONLINE_MAX - asked),
    );
    for (const cam of rows) {
      const provider = cameraProviders.get(cam.provider);
      if (!provider) continue;
      asked += 1;
      const online = (await answersWithin(provider.online(refOf(cam)), ONLINE_TIMEOUT_MS)) ? 1 : 0;
      if (online !== cam.online)
        await db.withTenant(tenantId, (tx) => setOnline(tx, tenantId, cam.id, online));
    }
  }
  return asked;
};

export const cameraJobs = (platform: Platform, log: FastifyBaseLogger): Job[] => [
  everyJob(
    'camera-timed-captures',
    TICK_MS,
    () => runTimedCaptures(platform),
    () => log,
  ),
  everyJob(
    'camera-online',
    ONLINE_MS,
    () => refreshOnline(platform),
    () => log,
  ),
  ...timelapseJobs(platform, () => log),
];
