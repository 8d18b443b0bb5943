import { createServer, type Server, type Socket } from 'node:net';
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
  // Every socket, including those that never finished a CONNECT (Aedes only knows connected clients).
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
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
    close: async () => {
      // Stop accepting first; server.close() then waits for every open socket to go.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // The broker closes its connected clients; what is left (half-sent CONNECTs, sockets still
      // authenticating) is destroyed, or close() would wait for them until the connect time-out.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
};
