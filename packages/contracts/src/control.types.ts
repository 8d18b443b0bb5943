import { z } from 'zod';
import {
  bodyId,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  tenantParam,
  updateBodyOf,
} from './common.types.js';
import { COMMAND_STATES, commandParams } from './device-protocol.types.js';
import { DEVICE_TYPE_KEYS } from './device-types.js';

// Device control API (issue 5 "Control", spec 02 §2 aerator tab, §4 switch commands, §7 gateway and
// aerator calls): commands with their lifecycle, gateway switches, aerator pumps and the control log.

export const CHANNEL_NAME_MAX = 60;
/** Spec 02 §5 / §9: at most 4 pumps per regulator, one per port. */
export const AERATOR_MAX_PUMPS = 4;
/** Spec 02 §9: switch list page size 20. */
export const SWITCH_PAGE_SIZE = 20;

const channelName = z
  .string()
  .max(CHANNEL_NAME_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'name is required' })
      .max(CHANNEL_NAME_MAX, { error: `name: at most ${CHANNEL_NAME_MAX} characters` }),
  );

export const commandState = z.enum(COMMAND_STATES);
export const COMMAND_SOURCES = ['user', 'strategy', 'auto-off', 'alarm'] as const;
export type CommandSource = (typeof COMMAND_SOURCES)[number];

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' (the tenant's time zone) or an ISO instant. */
export const logTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$|^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/, {
    error: 'time: YYYY-MM-DD HH:mm:ss or ISO-8601',
  });

// ---- commands ----

export const commandBody = z.strictObject({
  action: z.string().min(1).max(40),
  params: commandParams.default({}),
  channelId: bodyId.nullish(),
});
export type CommandBody = z.infer<typeof commandBody>;

export const commandIssued = z.object({ cmdId: z.string(), state: commandState });
export type CommandIssued = z.infer<typeof commandIssued>;

export const cmdIdParam = tenantParam.extend({ cmdId: z.uuid({ error: 'cmdId must be a UUID' }) });

export const commandView = z.object({
  cmdId: z.string(),
  deviceId: z.number(),
  channelId: z.number().nullable(),
  action: z.string(),
  params: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  state: commandState,
  source: z.string(),
  userId: z.number().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  autoOffAt: z.string().nullable(),
});
export type CommandView = z.infer<typeof commandView>;

// ---- gateway switches (device_channels kind 'switch') ----

/** Spec 02 §4: regular 1 open 0 close; motorised 1 forward 0 stop 2 reverse; curtain 1 unfold 0 stop 2 retract. */
export const SWITCH_TYPES = ['regular', 'motorised', 'curtain'] as const;
export type SwitchType = (typeof SWITCH_TYPES)[number];
export const SWITCH_VALUES: Readonly<Record<SwitchType, readonly number[]>> = {
  regular: [0, 1],
  motorised: [0, 1, 2],
  curtain: [0, 1, 2],
};

export const switchListQuery = pageQuery.extend({
  concentratorId: id,
  size: z.coerce.number().int().min(0).max(1000).default(SWITCH_PAGE_SIZE),
});
export type SwitchListQuery = z.infer<typeof switchListQuery>;

export const switchItem = z.object({
  switchId: z.number(),
  concentratorId: z.number(),
  name: z.string(),
  circuit: z.number(),
  switchTypeName: z.enum(SWITCH_TYPES),
  /** statusFlag: the last confirmed sw value. */
  status: z.number(),
  eui: z.string(),
  /** 1 online, 0 offline (the gateway). */
  online: z.number(),
  relatedDeviceId: z.number().nullable(),
  /** The open command for this switch, when one is queued, sent or acked. */
  pendingCmdId: z.string().nullable(),
  pendingState: commandState.nullable(),
  objectVersionNumber: z.number(),
});
export type SwitchItem = z.infer<typeof switchItem>;
export const switchPage = pageOf(switchItem);

export const switchCreateBody = z.strictObject({
  concentratorId: bodyId,
  name: channelName,
  circuit: z.number().int().min(0).max(255),
  switchTypeName: z.enum(SWITCH_TYPES, { error: 'switch type: regular, motorised or curtain' }),
  relatedDeviceId: bodyId.nullish(),
});
export type SwitchCreateBody = z.infer<typeof switchCreateBody>;

const switchUpdateFields = switchCreateBody
  .omit({ concentratorId: true })
  .partial()
  .extend({ switchId: bodyId, objectVersionNumber });
export type SwitchUpdateBody = z.infer<typeof switchUpdateBody>;

/** Spec 02 §3 switch control payload. */
export const switchControlBody = z.strictObject({
  switchId: bodyId,
  sw: z.number().int().min(0).max(2),
  eui: z.string().max(64).optional(),
  circuit: z.number().int().min(0).max(255).optional(),
});
export type SwitchControlBody = z.infer<typeof switchControlBody>;

// ---- aerator pumps (device_channels kind 'pump' of an aerator regulator) ----

export const regulatorIdParam = tenantParam.extend({ regulatorId: id });

/** Spec 02 §3 aerator item. */
export const aeratorItem = z.object({
  id: z.number(),
  name: z.string(),
  node: z.number(),
  icon: z.string().nullable(),
  onlineFlag: z.number(),
  faultFlag: z.number(),
  statusFlag: z.number(),
  regulatorId: z.number(),
  pendingCmdId: z.string().nullable(),
  pendingState: commandState.nullable(),
  objectVersionNumber: z.number(),
});
export type AeratorItem = z.infer<typeof aeratorItem>;
export const aeratorItems = z.array(aeratorItem);

export const pumpCreateBody = z.strictObject({
  regulatorId: bodyId,
  name: channelName,
  node: z.number().int().min(1).max(AERATOR_MAX_PUMPS),
  icon: z.string().max(500).nullish(),
});
export type PumpCreateBody = z.infer<typeof pumpCreateBody>;

const pumpUpdateFields = pumpCreateBody
  .omit({ regulatorId: true })
  .partial()
  .extend({ id: bodyId, objectVersionNumber });
export type PumpUpdateBody = z.infer<typeof pumpUpdateBody>;

export const aeratorControlBody = z.strictObject({ pumpId: bodyId, on: z.boolean() });
export type AeratorControlBody = z.infer<typeof aeratorControlBody>;

export const aeratorLogQuery = pageQuery.extend({
  startTime: logTime.optional(),
  endTime: logTime.optional(),
});
export type AeratorLogQuery = z.infer<typeof aeratorLogQuery>;

/** One line of an aerator's control, fault or offline log. */
export const aeratorLogItem = z.object({
  id: z.string(),
  pumpId: z.number().nullable(),
  pumpName: z.string().nullable(),
  node: z.number().nullable(),
  /** control: the command action / state; fault: 'fault' | 'recovered'; offline: 'offline' | 'online'. */
  event: z.string(),
  state: z.string().nullable(),
  message: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type AeratorLogItem = z.infer<typeof aeratorLogItem>;
export const aeratorLogPage = pageOf(aeratorLogItem);

// ---- control log (report/equipmentLog/controlLog) ----

export const controlLogQuery = pageQuery.extend({
  deviceType: z.enum(DEVICE_TYPE_KEYS as [string, ...string[]], { error: 'unknown device type' }).optional(),
  deviceId: id.optional(),
  /** The base chosen in the header: commands to devices of that base. */
  areaId: id.optional(),
  userId: id.optional(),
  /** 1: only the signed-in user's commands. */
  mine: z.coerce.number().int().min(0).max(1).optional(),
  state: commandState.optional(),
  source: z.enum(COMMAND_SOURCES).optional(),
  startTime: logTime.optional(),
  endTime: logTime.optional(),
});
export type ControlLogQuery = z.infer<typeof controlLogQuery>;

export const controlLogItem = commandView.extend({
  deviceName: z.string().nullable(),
  deviceType: z.string().nullable(),
  eui: z.string().nullable(),
  channelName: z.string().nullable(),
  /** The switch's circuit or the pump's port (null for commands to the device itself). */
  channelCircuit: z.number().nullable(),
  /** The switch's type, so sw reads as open / forward / unfold (null for pumps and the device itself). */
  switchType: z.enum(SWITCH_TYPES).nullable(),
  userName: z.string().nullable(),
});
export type ControlLogItem = z.infer<typeof controlLogItem>;
export const controlLogPage = pageOf(controlLogItem);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const switchUpdateBody = updateBodyOf(switchUpdateFields, switchItem);
export const pumpUpdateBody = updateBodyOf(pumpUpdateFields, aeratorItem);
