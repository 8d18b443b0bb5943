import type { Job, JobLog } from '../../platform/jobs.js';
import { startDemoSimulator } from './demo.devices.js';

type SimulatedServer = Parameters<typeof startDemoSimulator>[0];

/**
 * The demo tenant's simulated fleet, playing in this process over the broker (TILTH_DEMO=0 or
 * TILTH_SIMULATOR=0: off). main.ts starts it once HTTP listens: its trap photos go to this server.
 */
export const demoSimulatorJob = (server: SimulatedServer, log: JobLog & { warn: JobLog['error'] }): Job => ({
  name: 'demo-simulator',
  start: async () => {
    const sim = await startDemoSimulator(server).catch((err: unknown) => {
      log.warn({ err }, 'simulator did not start');
      return undefined;
    });
    return sim && (() => sim.stop());
  },
});
