import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface EmbeddedBroker {
  port: number;
  broker: Aedes;
  close(): Promise<void>;
}

/** Starts the embedded Aedes broker; device authentication and topic rules attach to it (ARCHITECTURE §6). */
export const startEmbeddedBroker = async (port: number, host = '0.0.0.0'): Promise<EmbeddedBroker> => {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    broker,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
};
