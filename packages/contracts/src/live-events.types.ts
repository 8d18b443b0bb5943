import { z } from 'zod';

// Live events of a tenant's SSE stream (GET /wfpe/v1/{t}/device/stream): `event: <type>` and
// `data: <JSON>`. Each shape is written once here. The server emits and relays `deviceStreamEvent`
// (strict: the relay drops a message with any stray key); the console reads with `readDeviceStreamEvent`,
// the same shapes read leniently, as it always has: unknown keys dropped, a missing or odd command message
// or alarm severity defaulted, non-numeric telemetry values left out, anything else ignored.

const telemetryShape = {
  type: z.literal('telemetry'),
  deviceId: z.number(),
  ts: z.string(),
  values: z.record(z.string(), z.number()),
};
const statusShape = { type: z.literal('status'), deviceId: z.number(), online: z.boolean(), at: z.string() };
const commandShape = {
  type: z.literal('command'),
  deviceId: z.number(),
  cmdId: z.string(),
  state: z.string(),
  message: z.string().nullable(),
};
const alarmShape = {
  type: z.literal('alarm'),
  deviceId: z.number(),
  alarmId: z.number(),
  state: z.string(),
  severity: z.string(),
};

/** One live event as the server emits it and relays it between processes. */
export const deviceStreamEvent = z.discriminatedUnion('type', [
  z.strictObject(telemetryShape),
  z.strictObject(statusShape),
  z.strictObject(commandShape),
  z.strictObject(alarmShape),
]);
export type DeviceStreamEvent = z.infer<typeof deviceStreamEvent>;

/** What the console accepts as a live event (see above); its output is a DeviceStreamEvent. */
const deviceStreamEventRead = z.discriminatedUnion('type', [
  z.object({
    ...telemetryShape,
    values: z
      .record(z.string(), z.unknown())
      .transform(
        (values): Record<string, number> =>
          Object.fromEntries(
            Object.entries(values).filter((e): e is [string, number] => typeof e[1] === 'number'),
          ),
      ),
  }),
  z.object(statusShape),
  z.object({ ...commandShape, message: z.string().nullable().catch(null) }),
  z.object({ ...alarmShape, severity: z.string().catch('') }),
]);

/**
 * A stream message's JSON `data` as a DeviceStreamEvent, or null for anything else (heartbeats, unknown
 * types, malformed events). The type is the body's `type`, else the message's `event:` name.
 */
export const readDeviceStreamEvent = (eventName: string, data: string): DeviceStreamEvent | null => {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const type: unknown = Reflect.get(body, 'type');
  const parsed = deviceStreamEventRead.safeParse({
    ...body,
    type: typeof type === 'string' ? type : eventName,
  });
  return parsed.success ? parsed.data : null;
};

/** The last message of a stream the server ends: `event: end`, naming why (expired, revoked, …). */
export const streamEndEvent = z.object({ reason: z.string() });
export type StreamEndEvent = z.infer<typeof streamEndEvent>;
