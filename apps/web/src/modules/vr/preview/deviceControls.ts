// The on/off switches a device popup offers (issue 17: aerator_ii and electric_valve for a holder of the
// control code), read from the device's latest values and sent as the registry's commands.

export interface SwitchControl {
  key: string;
  /** The aerator's pump port; undefined for the valve. */
  port?: number;
  on: boolean;
  command: (on: boolean) => { action: string; params: Record<string, unknown> };
}

export const switchControls = (deviceType: string, latest: Record<string, number>): SwitchControl[] => {
  if (deviceType === 'aerator_ii') {
    return [1, 2, 3, 4]
      .filter((p) => `pump${p}On` in latest)
      .map((port) => ({
        key: `pump${port}`,
        port,
        on: latest[`pump${port}On`] === 1,
        command: (on) => ({ action: 'pump', params: { port, on } }),
      }));
  }
  if (deviceType === 'electric_valve') {
    return [
      {
        key: 'valve',
        on: latest.valveOpen === 1,
        command: (on) => ({ action: on ? 'open' : 'close', params: {} }),
      },
    ];
  }
  return [];
};
