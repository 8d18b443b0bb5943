import { z } from 'zod';
import { COMMAND_ACTION_PATTERN, METRIC_KEY_PATTERN } from './device-types.def.js';
import { deviceTypeByKey, metricOf } from './device-types.js';

// MQTT payloads of ARCHITECTURE §6 and docs/device-protocol.md: telemetry on …/up, status on
// …/status, commands on …/down, acks on …/ack. All are UTF-8 JSON objects; unknown fields are
// rejected so a vendor's typo shows up at integration time, not as silently missing data.

/** Largest payload the broker and ingest accept; a larger message is dropped unread. */
export const DEVICE_PAYLOAD_MAX_BYTES = 16 * 1024;
export const TELEMETRY_MAX_VALUES = 64;
/** A device clock may run this far ahead of the server; later timestamps are rejected. */
export const TELEMETRY_MAX_FUTURE_MS = 5 * 60 * 1000;
/** Store-and-forward backlog a device may send after an outage; older readings are rejected. */
export const TELEMETRY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const DEVICE_MESSAGE_MAX = 200;
export const COMMAND_PARAMS_MAX = 16;

/** Earliest timestamp accepted at all (2020-01-01): a device that lost its clock reports 1970. */
const TS_FLOOR_MS = Date.UTC(2020, 0, 1);
const TS_CEIL_MS = Date.UTC(2100, 0, 1);

const tsRange = { error: 'ts must be between 2020 and 2100' };

/** ISO-8601 with an offset or 'Z', or epoch milliseconds; parsed to epoch milliseconds. */
export const deviceTimestamp = z
  .union([
    z.iso
      .datetime({ offset: true, error: 'ts must be ISO-8601 with offset, or epoch milliseconds' })
      .transform((s) => Date.parse(s)),
    z.number().int({ error: 'ts in epoch milliseconds must be an integer' }),
  ])
  .pipe(z.number().min(TS_FLOOR_MS, tsRange).max(TS_CEIL_MS, tsRange));

export const metricKey = z.string().regex(METRIC_KEY_PATTERN, { error: 'metric keys are camelCase ASCII' });

const metricValues = z
  .record(metricKey, z.number({ error: 'metric values must be numbers' }))
  .refine((v) => Object.keys(v).length <= TELEMETRY_MAX_VALUES, {
    error: `at most ${TELEMETRY_MAX_VALUES} values per message`,
  });

/** …/up. seq is per device and never reused: (device, seq) duplicates are ignored. */
export const telemetryPayload = z.strictObject({
  ts: deviceTimestamp,
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  values: metricValues,
});
export type TelemetryPayload = z.infer<typeof telemetryPayload>;
export type TelemetryPayloadInput = z.input<typeof telemetryPayload>;

/** …/status, retained; the same shape with online false is the MQTT last will. */
export const statusPayload = z.strictObject({
  online: z.boolean(),
  reason: z.string().max(DEVICE_MESSAGE_MAX).optional(),
});
export type StatusPayload = z.infer<typeof statusPayload>;

/** Params are flat JSON scalars so any firmware can read them without a nested parser. */
export const commandParams = z
  .record(z.string().regex(METRIC_KEY_PATTERN), z.union([z.number(), z.boolean(), z.string().max(500)]))
  .refine((p) => Object.keys(p).length <= COMMAND_PARAMS_MAX, {
    error: `at most ${COMMAND_PARAMS_MAX} params`,
  });

/** …/down, published by the server only. */
export const commandPayload = z.strictObject({
  cmdId: z.uuid(),
  action: z.string().regex(COMMAND_ACTION_PATTERN),
  params: commandParams.default({}),
});
export type CommandPayload = z.infer<typeof commandPayload>;

/**
 * …/ack. stage 'accepted' says a long command (a valve open for an hour) has started and moves it to
 * acked; the final ack (stage 'done', the default) moves it to done or, with ok false, to failed. A
 * device that answers once sends only the final ack.
 */
export const ackPayload = z.strictObject({
  cmdId: z.uuid(),
  ok: z.boolean(),
  stage: z.enum(['accepted', 'done']).default('done'),
  message: z.string().max(DEVICE_MESSAGE_MAX).optional(),
  /** Values the command changed (e.g. {valveOpen: 1}); stored like telemetry at the ack's arrival. */
  values: metricValues.optional(),
});
export type AckPayload = z.infer<typeof ackPayload>;

/** ARCHITECTURE §6: queued → sent → acked → done | failed | timeout. */
export const COMMAND_STATES = ['queued', 'sent', 'acked', 'done', 'failed', 'timeout'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** sent → done skips acked when the device sends only the final ack. */
export const COMMAND_TRANSITIONS: Readonly<Record<CommandState, readonly CommandState[]>> = {
  queued: ['sent', 'failed', 'timeout'],
  sent: ['acked', 'done', 'failed', 'timeout'],
  acked: ['done', 'failed', 'timeout'],
  done: [],
  failed: [],
  timeout: [],
};

export const canTransitionCommand = (from: CommandState, to: CommandState): boolean =>
  COMMAND_TRANSITIONS[from].includes(to);

/** Seconds the server waits for the first ack of a sent command (spec 02 §9: request time-out 30 s). */
export const COMMAND_ACK_TIMEOUT_SEC = 30;

// ---- decoding and validation: results, never exceptions ----

export type DecodeResult = { ok: true; value: unknown } | { ok: false; reason: string };

/** Raw MQTT payload bytes → JSON value, with the size limit; malformed input gives a reason. */
export function decodeDevicePayload(raw: string | Uint8Array): DecodeResult {
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw).length : raw.length;
  if (bytes > DEVICE_PAYLOAD_MAX_BYTES) {
    return { ok: false, reason: `payload too large (${bytes} > ${DEVICE_PAYLOAD_MAX_BYTES} bytes)` };
  }
  try {
    const text = typeof raw === 'string' ? raw : new TextDecoder('utf-8', { fatal: true }).decode(raw);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'payload is not UTF-8 JSON' };
  }
}

export interface RejectedValue {
  metric: string;
  value: number;
  reason: 'unknown metric' | 'out of range';
}

export interface ValidTelemetry {
  ts: number;
  seq: number;
  /** Known, in range, rounded to the metric's decimals. */
  values: Record<string, number>;
}

export type TelemetryResult =
  | { ok: true; telemetry: ValidTelemetry; rejected: RejectedValue[] }
  | { ok: false; reason: string; rejected: RejectedValue[] };

export interface TelemetryCheckOptions {
  /** Server clock in epoch ms; defaults to Date.now(). */
  now?: number;
}

/**
 * Checks a decoded …/up payload of a device of type typeKey. Shape errors, an unknown type and a
 * timestamp outside [now − 30 days, now + 5 min] reject the message. Single values that are unknown to
 * the type or outside its plausible range are dropped and listed in rejected; the rest is kept, so one
 * broken probe does not lose a station's other readings. A message whose values were all dropped is
 * rejected. Never throws.
 */
export function validateTelemetry(
  typeKey: string,
  payload: unknown,
  options: TelemetryCheckOptions = {},
): TelemetryResult {
  const type = deviceTypeByKey(typeKey);
  if (!type) return { ok: false, reason: `unknown device type '${typeKey}'`, rejected: [] };
  const parsed = telemetryPayload.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error), rejected: [] };
  const { ts, seq, values } = parsed.data;
  const now = options.now ?? Date.now();
  if (ts > now + TELEMETRY_MAX_FUTURE_MS) {
    return { ok: false, reason: 'ts is in the future (check the device clock)', rejected: [] };
  }
  if (ts < now - TELEMETRY_MAX_AGE_MS) {
    return { ok: false, reason: 'ts is older than 30 days', rejected: [] };
  }
  const kept: Record<string, number> = {};
  const rejected: RejectedValue[] = [];
  for (const [key, value] of Object.entries(values)) {
    const def = metricOf(type.key, key);
    if (!def) rejected.push({ metric: key, value, reason: 'unknown metric' });
    else if (value < def.min || value > def.max)
      rejected.push({ metric: key, value, reason: 'out of range' });
    else kept[key] = round(value, def.decimals);
  }
  if (rejected.length > 0 && Object.keys(kept).length === 0) {
    const names = rejected.map((r) => `${r.metric} (${r.reason})`).join(', ');
    return { ok: false, reason: `no usable values: ${names}`, rejected };
  }
  return { ok: true, telemetry: { ts, seq, values: kept }, rejected };
}

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid payload';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
