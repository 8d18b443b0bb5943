import { z } from 'zod';
import { bodyId, queryId as id, pageOf, pageQuery, tenantParam, updateBodyOf } from './common.types.js';
import { commandBody } from './control.types.js';
import {
  DEVICE_EUI_PATTERN,
  device,
  deviceCreateBody,
  deviceCredentials,
  deviceListQuery,
  deviceTypeKey,
  deviceUpdateFields,
  historyTime,
} from './device.types.js';

// Spec 02 §7 family paths: each device family's own list / details / create / edit / delete calls
// (robotic arm /device/mar, soil /device/soil, LoRa v2, insecticidal lamp v2, insect-situation lamp,
// inverter, aerator regulators, gateway extras). They serve the registry (device.types.ts) with the
// device type fixed by the path; a device of another type is not found there.

/** A registry device with the spec's names: concentratorId (= id, what children point at), imeI (= eui). */
export const familyDevice = device.extend({
  concentratorId: z.number(),
  /** The serial; insect lamps call it IMEI (spec 02 §3 'the lamp IMEI is also used'). */
  imeI: z.string(),
});
export type FamilyDevice = z.infer<typeof familyDevice>;
export const familyDevicePage = pageOf(familyDevice);
export const familyDeviceList = z.array(familyDevice);

export const familyDeviceCreated = z.object({ device: familyDevice, credentials: deviceCredentials });
export type FamilyDeviceCreated = z.infer<typeof familyDeviceCreated>;

/** Paged list: page, size, name, eui, areaId, landId, parentId, online, deviceType (one of the path's). */
export const familyPageQuery = deviceListQuery;
export type FamilyPageQuery = z.infer<typeof familyPageQuery>;
/** Unpaged list: the same filters. */
export const familyListQuery = deviceListQuery.omit({ page: true, size: true });
export type FamilyListQuery = z.infer<typeof familyListQuery>;

/** Create: deviceType may be omitted (the path's first type); it must be one of the path's types. */
export const familyCreateBody = deviceCreateBody.extend({ deviceType: deviceTypeKey.optional() });
export type FamilyCreateBody = z.infer<typeof familyCreateBody>;

/** Edit: the registry's writable fields; what the family's details answer besides is accepted and ignored. */
export const familyUpdateBody = updateBodyOf(deviceUpdateFields, familyDevice);

/** Delete answers 1 (spec 02 §7 'delete success is 1, otherwise a message is read'). */
export const familyDeleted = z.literal(1);

/** GET …/{id}/area: the base and plot of a device. */
export const familyArea = z.object({
  id: z.number(),
  concentratorId: z.number(),
  deviceType: z.string(),
  name: z.string(),
  eui: z.string(),
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  landId: z.number().nullable(),
  landName: z.string().nullable(),
  latlng: z.string(),
});
export type FamilyArea = z.infer<typeof familyArea>;

/** GET lora-gateway/history: online / offline history of one gateway. */
export const familyStatusQuery = pageQuery.extend({
  id,
  online: z.coerce.number().int().min(0).max(1).optional(),
  startTime: historyTime.optional(),
  endTime: historyTime.optional(),
});
export type FamilyStatusQuery = z.infer<typeof familyStatusQuery>;

/** POST device/insecticidal/{id}/control: a registry command of the lamp (turnOn, turnOff, schedule). */
export const familyControlBody = commandBody.omit({ channelId: true });
export type FamilyControlBody = z.infer<typeof familyControlBody>;

const imei = z.string().trim().regex(DEVICE_EUI_PATTERN, { error: 'imeI: 4 to 64 letters, digits, - or _' });
/** GET yf/insect-situation-lamp/get?imeI= */
export const imeiQuery = z.object({ imeI: imei });
/** GET insect-situation-lamp/device/{imei} */
export const imeiParam = tenantParam.extend({ imei });

/** Gateway extras: deviceType (a gateway type) and areaId filters. */
export const gatewayQuery = z.object({
  deviceType: deviceTypeKey.optional(),
  areaId: id.optional(),
});
export type GatewayQuery = z.infer<typeof gatewayQuery>;

// ---- aerator v2 (/wfpe/v2/{t}/aerator/open): pumps of a regulator, form-encoded control ----

export const aeratorOpenQuery = z.object({ regulatorId: id });

/** A form field arrives as text: '12' or 12. */
const formId = z
  .union([
    bodyId,
    z
      .string()
      .regex(/^\d{1,16}$/, { error: 'a positive whole number' })
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));
/** 'true' / 'false' / '1' / '0' (form) or a JSON boolean / 0 / 1. */
const formSwitch = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(0), z.literal(1)])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/** application/x-www-form-urlencoded `pumpId=12&on=1` (JSON accepted too). */
export const aeratorFormControlBody = z.strictObject({ pumpId: formId, on: formSwitch });
export type AeratorFormControlBody = z.infer<typeof aeratorFormControlBody>;
