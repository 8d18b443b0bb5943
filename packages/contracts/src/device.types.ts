import { z } from 'zod';
import {
  blankAsNullText,
  bodyId,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  tenantParam,
  trimmedText,
  updateBodyOf,
} from './common.types.js';
import { DEVICE_TYPE_KEYS } from './device-types.js';

// The device registry API (issue 5, spec 02 §2–§3, spec 01 §2.11 device detail). One set of calls serves
// every type of the registry; the type's own screens add calls of their own (control, settings…).
// Paths: /wfpe/v1/{t}/device… (spec 02 §7 gateway calls are the general device calls).

export const DEVICE_NAME_MAX = 60;
export const DEVICE_DESCRIPTION_MAX = 500;
/** The serial is the topic segment {eui}: letters, digits, '-' and '_' only (no MQTT wildcards). */
export const DEVICE_EUI_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
export const ICCID_PATTERN = /^[0-9A-Fa-f]{19,20}$/;

const requiredName = trimmedText(DEVICE_NAME_MAX).pipe(z.string().min(1, { error: 'name is required' }));

export const deviceTypeKey = z.enum(DEVICE_TYPE_KEYS as [string, ...string[]], {
  error: 'unknown device type',
});

/** Spec 02 §3: latlng is a 'lat,lng' string; empty when not numeric. Body sends numbers. */
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);

export const deviceIdParam = tenantParam.extend({ id });

export const deviceListQuery = pageQuery.extend({
  deviceType: deviceTypeKey.optional(),
  name: z.string().max(200).optional(),
  eui: z.string().max(100).optional(),
  areaId: id.optional(),
  landId: id.optional(),
  /** Devices hanging off this gateway / regulator (spec concentratorId). */
  parentId: id.optional(),
  online: z.coerce.number().int().min(0).max(1).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceCreateBody = z.strictObject({
  deviceType: deviceTypeKey,
  name: requiredName,
  eui: z.string().trim().regex(DEVICE_EUI_PATTERN, {
    error: 'serial: 4 to 64 letters, digits, - or _',
  }),
  iccid: z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : s))
    .pipe(z.string().regex(ICCID_PATTERN, { error: 'IoT card number: 19 or 20 digits' }).nullable())
    .nullish(),
  areaId: bodyId.nullish(),
  landId: bodyId.nullish(),
  lat: lat.nullish(),
  lng: lng.nullish(),
  parentId: bodyId.nullish(),
  /** Checked by the type's config schema (device-config.types.ts). */
  config: z.record(z.string(), z.unknown()).optional(),
  description: blankAsNullText(DEVICE_DESCRIPTION_MAX).nullish(),
  enabledFlag: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

/** The type and serial never change (they are the device's MQTT identity); omitted fields keep their value. */
export const deviceUpdateFields = deviceCreateBody
  .omit({ deviceType: true, eui: true })
  .partial()
  .extend({ id: bodyId, objectVersionNumber });
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

export const device = z.object({
  id: z.number(),
  deviceType: z.string(),
  name: z.string(),
  eui: z.string(),
  iccid: z.string().nullable(),
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  landId: z.number().nullable(),
  landName: z.string().nullable(),
  /** Spec 02 §3 'lat,lng', '' when unset. */
  latlng: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  enabledFlag: z.number(),
  /** 1 online, 0 offline (spec 02 §4). */
  online: z.number(),
  lastSeenAt: z.string().nullable(),
  latest: z.record(z.string(), z.number()),
  latestAt: z.string().nullable(),
  /** When the current broker secret was issued; null: never issued. */
  secretIssuedAt: z.string().nullable(),
  objectVersionNumber: z.number(),
  creationDate: z.string(),
});
export type Device = z.infer<typeof device>;

export const devicePage = pageOf(device);

/** MQTT connection settings of a device; the password is shown once, at creation or rotation. */
export const deviceCredentials = z.object({
  host: z.string(),
  port: z.number(),
  clientId: z.string(),
  username: z.string(),
  password: z.string(),
  topics: z.object({ up: z.string(), status: z.string(), down: z.string(), ack: z.string() }),
});
export type DeviceCredentials = z.infer<typeof deviceCredentials>;

export const deviceCreated = z.object({ device, credentials: deviceCredentials });
export type DeviceCreated = z.infer<typeof deviceCreated>;

/** Spec 02 §3 collected datum: one card per metric of the type. */
export const collectedDatum = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  newestData: z.number().nullable(),
  newestTime: z.string().nullable(),
  unit: z.string(),
  online: z.number(),
  description: z.string().nullable(),
});
export type CollectedDatum = z.infer<typeof collectedDatum>;

/** Spec 02 §5: 'YYYY-MM-DD 00:00:00' … 'YYYY-MM-DD 23:59:59' (the tenant's time zone), or ISO instants. */
export const historyTime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$|^\d{4}-\d{2}-\d{2}T/, {
  error: 'time: YYYY-MM-DD HH:mm:ss or ISO-8601',
});

export const curveExportQuery = z.object({
  metric: z.string().max(32).optional(),
  startTime: historyTime,
  endTime: historyTime,
});
export type CurveExportQuery = z.infer<typeof curveExportQuery>;

export const curveQuery = z.object({
  metric: z.string().max(32),
  startTime: historyTime,
  endTime: historyTime,
  /** Most points returned; the series is averaged into buckets to fit (chart-ready). */
  maxPoints: z.coerce.number().int().min(10).max(2000).default(2000),
});
export type CurveQuery = z.infer<typeof curveQuery>;

/** Spec 02 §3 sensor history point, plus min / max of the bucket when the series was bucketed. */
export const curvePoint = z.object({
  collectionTime: z.string(),
  collectionData: z.number(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export const curve = z.object({
  metric: z.string(),
  unit: z.string(),
  /** raw | minute buckets | hourly | daily rollups */
  resolution: z.string(),
  points: z.array(curvePoint),
});
export type Curve = z.infer<typeof curve>;

export const deviceStatusLogQuery = pageQuery.extend({
  deviceId: id.optional(),
  /** The base chosen in the header: devices of that base. */
  areaId: id.optional(),
  deviceType: deviceTypeKey.optional(),
  online: z.coerce.number().int().min(0).max(1).optional(),
  startTime: historyTime.optional(),
  endTime: historyTime.optional(),
});
export const deviceStatusLogItem = z.object({
  id: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  deviceType: z.string(),
  eui: z.string(),
  online: z.number(),
  source: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type DeviceStatusLogQuery = z.infer<typeof deviceStatusLogQuery>;
export type DeviceStatusLogItem = z.infer<typeof deviceStatusLogItem>;
export const deviceStatusLogPage = pageOf(deviceStatusLogItem);

/** GET device/all: the tenant's devices for selects (spec 02 §7: concentratorId, name, eui). */
export const deviceAllQuery = z.object({
  deviceType: deviceTypeKey.optional(),
  areaId: id.optional(),
  online: z.coerce.number().int().min(0).max(1).optional(),
});
export type DeviceAllQuery = z.infer<typeof deviceAllQuery>;
export const deviceOption = z.object({
  id: z.number(),
  /** Spec name of the id (the gateway / regulator a child hangs off). */
  concentratorId: z.number(),
  deviceType: z.string(),
  name: z.string(),
  eui: z.string(),
  areaId: z.number().nullable(),
  online: z.number(),
});
export type DeviceOption = z.infer<typeof deviceOption>;
export const deviceOptions = z.array(deviceOption);

/** GET device/offline: devices offline now, with when they were last heard of. */
export const deviceOfflineList = z.array(device);

/** System deviceManager: POST system/device/batch/del → 1 on success. */
export const deviceBatchDelBody = z.strictObject({
  ids: z.array(bodyId).min(1, { error: 'select at least one device' }).max(500),
});
export type DeviceBatchDelBody = z.infer<typeof deviceBatchDelBody>;

/** System deviceManager: POST system/device/transfer — base and land both required (checked in the service so
 * the 'Please select base' / 'Please select land' messages come in the caller's language). */
export const deviceTransferBody = z.strictObject({
  ids: z.array(bodyId).min(1, { error: 'select at least one device' }).max(500),
  areaId: bodyId.nullish(),
  landId: bodyId.nullish(),
});
export type DeviceTransferBody = z.infer<typeof deviceTransferBody>;
export const deviceBulkResult = z.number();

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const deviceUpdateBody = updateBodyOf(deviceUpdateFields, device);
