import { connect, type Socket } from 'node:net';

// MQTT bytes written by hand over a raw TCP socket: what an attacker (or a broken device) sends, which
// no MQTT client library would.

/** The variable-length "remaining length" of an MQTT fixed header. */
export const remainingLength = (n: number): Buffer => {
  const out: number[] = [];
  let left = n;
  do {
    let digit = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) digit |= 0x80;
    out.push(digit);
  } while (left > 0);
  return Buffer.from(out);
};

const utf8 = (s: string): Buffer => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
};

/** An MQTT 3.1.1 CONNECT with username and password, clean session, keep-alive 60 s. */
export const connectPacket = (o: { clientId: string; username: string; password: string }): Buffer => {
  // Flags: username 0x80, password 0x40, clean session 0x02.
  const body = Buffer.concat([
    utf8('MQTT'),
    Buffer.from([4, 0xc2, 0, 60]),
    utf8(o.clientId),
    utf8(o.username),
    utf8(o.password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
};

/** A fixed header announcing a CONNECT of `length` bytes (the body is up to the caller). */
export const connectHeader = (length: number): Buffer =>
  Buffer.concat([Buffer.from([0x10]), remainingLength(length)]);

/** The fixed header and topic of a QoS 1 PUBLISH whose remaining length is `length`. */
export const publishHeader = (topic: string, length: number): Buffer =>
  Buffer.concat([Buffer.from([0x32]), remainingLength(length), utf8(topic), Buffer.from([0, 1])]);

/** A whole QoS 1 PUBLISH (packet id 1) carrying `payload`. */
export const publishPacket = (topic: string, payload: string): Buffer => {
  const body = Buffer.from(payload, 'utf8');
  const length = 2 + Buffer.byteLength(topic) + 2 + body.length;
  return Buffer.concat([publishHeader(topic, length), body]);
};

export interface RawSocket {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): Buffer;
  /** Resolves when the socket is closed (by either side). */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** Opens a TCP connection and collects what the server sends. */
export const openRaw = (port: number): Promise<RawSocket> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let closed = false;
    const socket = connect(port, '127.0.0.1');
    // The server ends these sockets with a reset; the test looks at `closed`, not at the error.
    socket.on('error', () => undefined);
    socket.on('data', (b: Buffer) => chunks.push(b));
    const done = new Promise<void>((r) =>
      socket.once('close', () => {
        closed = true;
        r();
      }),
    );
    socket.once('connect', () =>
      resolve({ socket, received: () => Buffer.concat(chunks), closed: done, isClosed: () => closed }),
    );
    socket.once('error', reject);
  });

/**
 * Writes `head`, then filler in 64 KiB chunks as fast as the socket takes them (respecting back
 * pressure, so the test process itself buffers nothing), until `total` bytes or the socket closed.
 * Answers the filler bytes written.
 */
export const streamFiller = (raw: RawSocket, head: Buffer, total: number): Promise<number> =>
  new Promise((resolve) => {
    const filler = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    const pump = () => {
      while (!raw.isClosed() && sent < total) {
        sent += filler.length;
        if (!raw.socket.write(filler)) {
          raw.socket.once('drain', pump);
          return;
        }
      }
      resolve(sent);
    };
    void raw.closed.then(() => resolve(sent));
    raw.socket.write(head);
    pump();
  });

/** Resolves true when p settles within ms, false otherwise. */
export const within = async (p: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
};
