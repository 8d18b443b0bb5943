import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AedesOptions, type Client, type PublishPacket } from 'aedes';
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
  /**
   * Topics whose client publishes end at authorizePublish (ingest consumed them) and which no client may
   * subscribe to: the broker acknowledges them without routing them to subscribers.
   */
  consumed?: (topic: string) => boolean;
}

/** Aedes's publish as its protocol handlers call it (its typings show only the (packet, done) form). */
type RoutePublish = (
  packet: PublishPacket,
  client: Client | null | ((err?: Error) => void),
  done?: (err?: Error | null) => void,
) => void;

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
  const consumed = limits.consumed;
  if (consumed) {
    // Matching every uplink against the subscriptions (mqemitter, the persistence's trie) was 5 % of the
    // ingest thread, for subscribers that cannot exist. The server's own publishes (client null) route.
    const internal = broker as unknown as { publish: RoutePublish };
    const route = internal.publish.bind(broker);
    internal.publish = (packet, client, done) => {
      if (typeof client === 'function' || !client || !consumed(packet.topic)) route(packet, client, done);
      else done?.(null);
    };
  }
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
  // Every socket, including those that never finished a CONNECT (Aedes only knows connected clients).
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
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
    close: async () => {
      // Stop accepting first; server.close() then waits for every open socket to go.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections still before their CONNECT are not the broker's clients yet.
      for (const conn of [...pending.keys()]) conn.destroy();
      // The broker closes its connected clients; what is left (sockets still authenticating) is
      // destroyed, or close() would wait for them until the connect time-out.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
};
