import { z } from 'zod';
import {
  bodyId,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  tenantParam,
} from './common.types.js';
import { switchItem } from './control.types.js';
import { collectedDatum, curve, historyTime } from './device.types.js';
import { commandIssued } from './device-family.types.js';

// Spec 02 §7 family operations: gateway logs, switches, collected data and its export; inverter
// start / stop / log / refresh / history; robotic arm switches, logs, images, stream, pan-tilt and its
// image service, and the status / configuration round trips. Paths: /wfpe/v1/{t}/… unless noted.

const euiQuery = z.string().max(64).optional();

export const opsIdParam = tenantParam.extend({ id });
export const opsIdBody = z.strictObject({ id: bodyId });
export const opsIdQuery = z.object({ id });
export const opsPagedQuery = pageQuery.extend({ id });
export type OpsPagedQuery = z.infer<typeof opsPagedQuery>;

// ---- gateway (/device) ----

/** Collected-data ids are the metric keys of the device's type. */
export const delCollectionBody = z.strictObject({
  id: bodyId,
  collectionIds: z
    .array(z.string().min(1).max(32))
    .min(1, { error: 'collectionIds: at least one' })
    .max(64, { error: 'collectionIds: at most 64' }),
});
export type DelCollectionBody = z.infer<typeof delCollectionBody>;

export const canBindSwitchQuery = z.object({
  concentratorId: id,
  /** The device being bound: its own switch stays in the list. */
  deviceId: id.optional(),
});
export type CanBindSwitchQuery = z.infer<typeof canBindSwitchQuery>;
export const canBindSwitchList = z.array(switchItem);

export const GATEWAY_LOG_KINDS = ['status', 'command'] as const;
export const gatewayLogQuery = opsPagedQuery.extend({ kind: z.enum(GATEWAY_LOG_KINDS).optional() });
export type GatewayLogQuery = z.infer<typeof gatewayLogQuery>;
export const gatewayLogItem = z.object({
  kind: z.enum(GATEWAY_LOG_KINDS),
  time: z.string(),
  /** status: 1 online, 0 offline; command: null. */
  online: z.number().nullable(),
  /** status: status | will | silence | connect | disconnect | telemetry; command: user | strategy | … */
  source: z.string(),
  /** command: the action (switch, refresh…); status: null. */
  action: z.string().nullable(),
  /** command: queued … timeout; status: null. */
  state: z.string().nullable(),
  message: z.string().nullable(),
  channelName: z.string().nullable(),
  userName: z.string().nullable(),
});
export type GatewayLogItem = z.infer<typeof gatewayLogItem>;
export const gatewayLogPage = pageOf(gatewayLogItem);

export const detailsSwitchQuery = z.object({ switchId: id });
const deviceRef = z.object({
  id: z.number(),
  name: z.string(),
  eui: z.string(),
  deviceType: z.string(),
  online: z.number(),
});
export const switchDetails = switchItem.extend({
  concentrator: deviceRef,
  relatedDevice: deviceRef.nullable(),
  /** The switch's latest commands, newest first (at most 10). */
  recentCommands: z.array(
    z.object({
      cmdId: z.string(),
      sw: z.number().nullable(),
      state: z.string(),
      message: z.string().nullable(),
      userName: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
});
export type SwitchDetails = z.infer<typeof switchDetails>;

export const concentratorStatus = z.object({
  id: z.number(),
  name: z.string(),
  eui: z.string(),
  deviceType: z.string(),
  online: z.number(),
  lastSeenAt: z.string().nullable(),
  latestAt: z.string().nullable(),
  /** The last online / offline change with its cause, or null when never seen. */
  lastChange: z.object({ online: z.number(), source: z.string(), at: z.string() }).nullable(),
  nodes: z.object({ total: z.number(), online: z.number() }),
  switches: z.object({ total: z.number(), on: z.number(), pending: z.number() }),
});
export type ConcentratorStatus = z.infer<typeof concentratorStatus>;

export const refreshStatusResult = z.object({
  command: commandIssued,
  /** The switch states the server holds now; the device's answer updates them. */
  switches: z.array(z.object({ switchId: z.number(), circuit: z.number(), status: z.number() })),
});

export const collectionListQuery = opsPagedQuery;
export const collectionPage = pageOf(collectedDatum);
export const collectionExportQuery = z.object({ id, startTime: historyTime, endTime: historyTime });
export type CollectionExportQuery = z.infer<typeof collectionExportQuery>;

// ---- inverter (/inverter) ----

/** Spec: /connect (eui), /close (eui): a sent eui must be the inverter's own. */
export const inverterEuiQuery = z.object({ eui: euiQuery });
export const inverterHistoryQuery = z.object({
  id,
  startTime: historyTime,
  endTime: historyTime,
  /** Comma-separated metric keys; all of the inverter's when omitted. */
  metrics: z.string().max(400).optional(),
  maxPoints: z.coerce.number().int().min(10).max(2000).default(500),
});
export type InverterHistoryQuery = z.infer<typeof inverterHistoryQuery>;
export const inverterHistory = z.array(curve);
export const inverterExportQuery = collectionExportQuery;

/** PUT /wfpe/v2/{t}/device/concentrator/upd/res: hangs a device off a concentrator (or off none). */
export const concentratorRelationBody = z.strictObject({
  id: bodyId,
  concentratorId: bodyId.nullable(),
  objectVersionNumber,
});
export type ConcentratorRelationBody = z.infer<typeof concentratorRelationBody>;
export const concentratorRelation = z.object({
  id: z.number(),
  concentratorId: z.number().nullable(),
  objectVersionNumber: z.number(),
});

// ---- status round trips (robotic arm call-status / call-config, inverter refresh) ----

/**
 * The device's own answer when it acknowledged within the wait (stale false, its values merged), or the
 * stored state with stale true when it did not answer in time.
 */
export const liveState = z.object({
  online: z.number(),
  latest: z.record(z.string(), z.number()),
  latestAt: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  stale: z.boolean(),
  /** The command that asked; null when the device was offline (no command is sent then). */
  command: commandIssued.nullable(),
});
export type LiveState = z.infer<typeof liveState>;

// ---- robotic arm (/device/mar) ----

export const ARM_SWITCH_TARGETS = { power: 1, motion: 2 } as const;
export const armCtrlSwitchBody = z.strictObject({
  id: bodyId,
  target: z.enum(['power', 'motion'], { error: 'target: power or motion' }),
  on: z.union([z.literal(0), z.literal(1)], { error: 'on: 0 or 1' }),
});
export type ArmCtrlSwitchBody = z.infer<typeof armCtrlSwitchBody>;

/** Spec 02 §4 pan-tilt directions: 0 up … 7 right-bottom, 8 zoom in, 9 zoom out, -1 stop. */
export const armCameraControlBody = z.strictObject({
  direction: z
    .number({ error: 'direction must be a number' })
    .int({ error: 'direction must be a whole number' })
    .min(-1, { error: 'direction: -1 to 9' })
    .max(9, { error: 'direction: -1 to 9' }),
});

export const armAlarmItem = z.object({
  key: z.string(),
  kind: z.enum(['fault', 'command']),
  time: z.string(),
  message: z.string(),
});
export type ArmAlarmItem = z.infer<typeof armAlarmItem>;
export const armAlarmPage = pageOf(armAlarmItem);

export const armImage = z.object({
  fileId: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSize: z.number(),
  takenAt: z.string(),
});
export type ArmImage = z.infer<typeof armImage>;
export const armImagePage = pageOf(armImage);
export const armImageUploaded = armImage;

export const armLive = z.object({
  /** rtsp | rtmp | hls | flv | webrtc, from the stream URL. */
  protocol: z.string(),
  url: z.string(),
});
export type ArmLive = z.infer<typeof armLive>;
