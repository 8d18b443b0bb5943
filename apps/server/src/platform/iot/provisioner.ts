import type { DeviceAddress } from './iot.js';

/**
 * Keeps an external broker's own device accounts in step with the registry (docs/device-protocol.md
 * §3.1). The embedded broker and EMQX (which asks the server over HTTP, emqx-hooks.ts) need none;
 * Mosquitto's dynamic security plugin does, and it needs the plaintext secret — which exists only when
 * a device is registered or its secret rotated, so that is when the registry calls `issued`.
 */
export interface BrokerProvisioner {
  readonly kind: 'none' | 'mosquitto-dynsec';
  /** Creates the device's broker account with this secret, or replaces its secret (and re-enables it). */
  issued(device: DeviceAddress, secret: string): Promise<void>;
  /** Removes the device's broker account (deleted); an account that is not there is fine. */
  removed(device: DeviceAddress): Promise<void>;
  /** Disables or re-enables the account (the registry's enabled flag); a disabled one cannot connect. */
  enabled(device: DeviceAddress, enabled: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Embedded broker, EMQX with the HTTP hooks, or a broker whose accounts the operator manages. */
export const noProvisioner: BrokerProvisioner = {
  kind: 'none',
  issued: async () => undefined,
  removed: async () => undefined,
  enabled: async () => undefined,
  close: async () => undefined,
};
