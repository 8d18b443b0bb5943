import type { LorawanCodecs } from '../../../platform/iot/ports.js';
import { CHIRPSTACK_UPLINK_TOPIC, ChirpStackBridge, ChirpStackCodec } from './chirpstack.codec.js';
import {
  buildDownlink,
  CHIRPSTACK_ACK_TOPIC,
  CHIRPSTACK_TXACK_TOPIC,
  downlinkTopic,
  parseDownlinkEvent,
} from './chirpstack.downlink.js';
import { vendorCodec } from './codecs/index.js';

/**
 * ChirpStack v4 message formats and our vendor codecs, for the platform's ChirpStack link (which keeps
 * the MQTT transport): wired by app/server.ts (docs/device-protocol.md §12).
 */
export const chirpstackCodecs: LorawanCodecs = {
  topics: [CHIRPSTACK_UPLINK_TOPIC, CHIRPSTACK_ACK_TOPIC, CHIRPSTACK_TXACK_TOPIC],
  createBridge: (opts) => new ChirpStackBridge({ codec: new ChirpStackCodec(), ...opts }),
  hasCodec: (codecId) => vendorCodec(codecId) !== undefined,
  buildDownlink: (devEui, cmd, codecId) => buildDownlink(devEui, cmd, vendorCodec(codecId)),
  downlinkTopic,
  parseDownlinkEvent,
};
