import type { CodecParams, VendorCodec } from './codecs/index.js';

// Commands to LoRaWAN devices as ChirpStack v4 downlinks (docs/device-protocol.md §12), and the
// ChirpStack events that tell how they went. Pure: the link in platform/iot publishes and subscribes.

/** ChirpStack v4 events about queued downlinks: sent by a gateway (txack), confirmed by the device (ack). */
export const CHIRPSTACK_ACK_TOPIC = 'application/+/device/+/event/ack';
export const CHIRPSTACK_TXACK_TOPIC = 'application/+/device/+/event/txack';
const EVENT = /^application\/([^/]+)\/device\/([0-9a-fA-F]{16})\/event\/(ack|txack)$/;

/** fPort of a downlink left to ChirpStack's device-profile codec (devices without a codec of ours). */
export const OBJECT_DOWNLINK_PORT = 10;

/** ChirpStack v4 MQTT integration DownlinkCommand (JSON form). */
export interface ChirpStackDownlink {
  /** Becomes the queue item id that ChirpStack's ack / txack events name: our cmdId. */
  id: string;
  devEui: string;
  confirmed: boolean;
  fPort: number;
  /** base64 bytes from our codec, or… */
  data?: string;
  /** …the command for ChirpStack's device-profile codec to encode. */
  object?: Record<string, number | boolean | string>;
}

export const downlinkTopic = (applicationId: string, devEui: string): string =>
  `application/${applicationId}/device/${devEui.toLowerCase()}/command/down`;

/**
 * The downlink of one command: encoded by the device's codec, or (no codec) handed to ChirpStack's
 * device-profile codec as an object. undefined when the codec cannot encode the action.
 */
export const buildDownlink = (
  devEui: string,
  cmd: { cmdId: string; action: string; params: CodecParams },
  codec: VendorCodec | undefined,
): ChirpStackDownlink | undefined => {
  const base = { id: cmd.cmdId, devEui: devEui.toLowerCase(), confirmed: true };
  if (!codec) return { ...base, fPort: OBJECT_DOWNLINK_PORT, object: { action: cmd.action, ...cmd.params } };
  const frame = codec.encodeDownlink?.({ action: cmd.action, params: cmd.params });
  if (!frame) return undefined;
  return { ...base, fPort: frame.fPort ?? 1, data: Buffer.from(frame.bytes).toString('base64') };
};

export interface ChirpStackDownlinkEvent {
  kind: 'ack' | 'txack';
  applicationId: string;
  devEui: string;
  queueItemId: string | undefined;
  /** ack only: the device confirmed the downlink (false: a nack / no confirmation). */
  acknowledged: boolean;
}

/** An ack / txack event, or null when the message is not one (never throws). */
export const parseDownlinkEvent = (
  topic: string,
  payload: Buffer | string,
): ChirpStackDownlinkEvent | null => {
  const m = EVENT.exec(topic);
  if (!m) return null;
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { queueItemId?: unknown; acknowledged?: unknown };
  return {
    kind: m[3] === 'ack' ? 'ack' : 'txack',
    applicationId: m[1] ?? '',
    devEui: (m[2] ?? '').toLowerCase(),
    queueItemId: typeof b.queueItemId === 'string' && b.queueItemId ? b.queueItemId : undefined,
    acknowledged: b.acknowledged === true,
  };
};
