import { createServer, type Server } from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';

export interface EmbeddedBroker {
  port: number;
  broker: Aedes;
  close(): Promise<void>;
}

/** Authentication and topic rules (ARCHITECTURE §6); the IoT runtime supplies them. */
export type BrokerHooks = Pick<
  AedesOptions,
  'preConnect' | 'authenticate' | 'authorizePublish' | 'authorizeSubscribe' | 'authorizeForward'
>;

/** Starts the embedded Aedes broker on port (0 = any free port). */
export const startEmbeddedBroker = async (
  port: number,
  host = '0.0.0.0',
  hooks: BrokerHooks = {},
): Promise<EmbeddedBroker> => {
  // Device client ids are their usernames ({tenantId}/{typeKey}/{eui}), longer than MQTT 3.1's 23.
  const broker = await Aedes.createBroker({ maxClientsIdLength: 128, ...hooks });
  const server: Server = createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw err;
  }
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    broker,
    close: () =>
      new Promise<void>((resolve) => {
        // Open device sockets would keep server.close() waiting; the broker closes its clients first.
        broker.close(() => server.close(() => resolve()));
      }),
  };
};
