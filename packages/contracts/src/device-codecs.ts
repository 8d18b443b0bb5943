// Vendor payload codecs a device can be set to use (devices.config.codec, docs/device-protocol.md §11).
// The catalogue lives here so the registry validates the setting and the console can offer the choice;
// the byte-level implementations are server code (apps/server/src/modules/iot/device-family/codecs).

export interface DeviceCodecInfo {
  /** Stable id stored in the device's settings. */
  id: string;
  vendor: string;
  model: string;
  /** How frames reach us: through a LoRaWAN network server (ChirpStack). */
  transport: 'lorawan';
  /** Device types (registry keys) the codec's metrics and commands fit. */
  deviceTypes: readonly string[];
}

export const DEVICE_CODECS: readonly DeviceCodecInfo[] = [
  {
    id: 'dragino-lse01',
    vendor: 'Dragino',
    model: 'LSE01 soil moisture, temperature and EC sensor',
    transport: 'lorawan',
    deviceTypes: ['soil-moisture', 'tubular-soil'],
  },
  {
    id: 'dragino-lt22222',
    vendor: 'Dragino',
    model: 'LT-22222-L LoRa I/O controller (2 relays, 2 current and 2 voltage inputs)',
    transport: 'lorawan',
    deviceTypes: ['acquisition-control'],
  },
];

export const DEVICE_CODEC_IDS: readonly string[] = DEVICE_CODECS.map((c) => c.id);

export const deviceCodecById = (id: string): DeviceCodecInfo | undefined =>
  DEVICE_CODECS.find((c) => c.id === id);

/** Why a codec does not suit a device type, or undefined when it does (the config check's message). */
export const codecProblem = (id: string, typeKey: string): string | undefined => {
  const c = deviceCodecById(id);
  if (!c) return `unknown codec "${id}" (known: ${DEVICE_CODEC_IDS.join(', ')})`;
  if (!c.deviceTypes.includes(typeKey))
    return `codec "${id}" is for ${c.deviceTypes.join(', ')} devices, not ${typeKey}`;
  return undefined;
};
