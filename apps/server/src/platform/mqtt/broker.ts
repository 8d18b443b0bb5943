import { createServer, type Server } from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';
import { GuardedConnection, PacketGauge, type PacketLimits } from './packet-guard.js';

export interface EmbeddedBroker {
  port: number;
  broker: Aedes;
  /** Connections closed by a limit since start, by limit (tests, diagnostics). */
  refused: Record<BrokerRefusal, number>;
  /** Connections waiting for an accepted CONNECT now. */
  readonly pending: number;
  close(): Promise<void>;
}

/** Authentication and topic rules (ARCHITECTURE §6); the IoT runtime supplies them. */
export type BrokerHooks = Pick<
  AedesOptions,
  'preConnect' | 'authenticate' | 'authorizePublish' | 'authorizeSubscribe' | 'authorizeForward'
>;

export type BrokerRefusal = 'size' | 'pending' | 'timeout';

/** What a connection may cost before and after authentication (docs/device-protocol.md §10). */
export interface BrokerLimits extends PacketLimits {
  /** Connections that have not completed an accepted CONNECT, at most; more are closed at once. */
  maxPending: number;
  /** A connection whose CONNECT is not accepted within this is closed. */
  connectTimeoutMs: number;
  /** Told why a connection was closed by a limit (for the log). */
  onRefused?: (why: BrokerRefusal, detail: string, remote: string | undefined) => void;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxConnectBytes: 4096,
  maxPacketBytes: 32_768,
  maxPending: 256,
  connectTimeoutMs: 10_000,
};

/** Starts the embedded Aedes broker on port (0 = any free port). */
export const startEmbeddedBroker = async (
  port: number,
  host = '0.0.0.0',
  hooks: BrokerHooks = {},
  limits: BrokerLimits = DEFAULT_BROKER_LIMITS,
): Promise<EmbeddedBroker> => {
  const broker = await Aedes.createBroker({
    // Device client ids are their usernames ({tenantId}/{typeKey}/{eui}), longer than MQTT 3.1's 23.
    maxClientsIdLength: 128,
    connectTimeout: limits.connectTimeoutMs,
    ...hooks,
  });
  const refused: Record<BrokerRefusal, number> = { size: 0, pending: 0, timeout: 0 };
  const refuse = (why: BrokerRefusal, detail: string, remote: string | undefined) => {
    refused[why]++;
    limits.onRefused?.(why, detail, remote);
  };
  // Not yet authenticated, with the timer that ends them.
  const pending = new Map<GuardedConnection, NodeJS.Timeout>();
  const settle = (conn: GuardedConnection) => {
    clearTimeout(pending.get(conn));
    pending.delete(conn);
  };
  broker.on('client', (client) => {
    if (!(client.conn instanceof GuardedConnection)) return;
    client.conn.gauge.authenticated = true;
    settle(client.conn);
  });
  const server: Server = createServer((socket) => {
    const remote = socket.remoteAddress;
    if (pending.size >= limits.maxPending) {
      refuse('pending', `${pending.size} connections already waiting for their CONNECT`, remote);
      socket.destroy();
      return;
    }
    const conn = new GuardedConnection(socket, new PacketGauge(limits), (why) => refuse('size', why, remote));
    // Aedes's own connect timer stops once the CONNECT is parsed; this one runs until it is accepted.
    const timer = setTimeout(() => {
      refuse('timeout', `no accepted CONNECT within ${limits.connectTimeoutMs} ms`, remote);
      conn.destroy();
    }, limits.connectTimeoutMs);
    // The socket keeps the process alive while it is open; the timer alone must not.
    timer.unref();
    pending.set(conn, timer);
    conn.once('close', () => settle(conn));
    broker.handle(conn);
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
    refused,
    get pending() {
      return pending.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Open device sockets would keep server.close() waiting; the broker closes its clients first,
        // and connections still before their CONNECT are not its clients yet.
        for (const conn of [...pending.keys()]) conn.destroy();
        broker.close(() => server.close(() => resolve()));
      }),
  };
};
