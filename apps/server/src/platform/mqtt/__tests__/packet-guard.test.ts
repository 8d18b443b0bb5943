import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectHeader, connectPacket, publishHeader, remainingLength } from '../../../test/raw-mqtt.js';
import { GuardedConnection, PacketGauge } from '../packet-guard.js';

// The fixed-header gauge in front of the embedded broker's parser: it must find packet boundaries in
// any chunking, refuse by the announced size before the body arrives, and switch limits on CONNECT.

const limits = { maxConnectBytes: 1024, maxPacketBytes: 4096 };

const publish = (bodyBytes: number): Buffer => {
  const head = publishHeader('tilth/1/x/y/up', 0);
  // Remaining length covers topic (2 + 14), packet id (2) and the payload.
  const rest = 2 + 14 + 2 + bodyBytes;
  return Buffer.concat([
    Buffer.from([0x32]),
    remainingLength(rest),
    head.subarray(2),
    Buffer.alloc(bodyBytes),
  ]);
};

/** Feeds bytes one chunk of `size` at a time; answers the first refusal. */
const feed = (g: PacketGauge, bytes: Buffer, size: number): string | undefined => {
  for (let i = 0; i < bytes.length; i += size) {
    const why = g.check(bytes.subarray(i, i + size));
    if (why) return why;
  }
  return undefined;
};

describe('PacketGauge', () => {
  const hello = connectPacket({ clientId: 'c', username: '1/weather-station/ABCD', password: 'p' });

  it('passes a CONNECT and packets within the limits whatever the chunking', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const g = new PacketGauge(limits);
      expect(feed(g, hello, size)).toBeUndefined();
      g.authenticated = true;
      expect(feed(g, Buffer.concat([publish(3000), publish(10), publish(4000)]), size)).toBeUndefined();
    }
  });

  it('refuses a CONNECT announcing 256 MB from its five header bytes', () => {
    const g = new PacketGauge(limits);
    expect(g.check(connectHeader(268_435_455))).toMatch(/over the limit of 1024/);
    // Split anywhere in the header, too.
    const h = connectHeader(268_435_455);
    const g2 = new PacketGauge(limits);
    expect(feed(g2, h, 1)).toMatch(/over the limit/);
  });

  it('refuses more bytes before authentication than the CONNECT allowance, however they are cut', () => {
    const g = new PacketGauge(limits);
    // Small packets, each within the limit, pipelined before the CONNECT was accepted.
    expect(
      feed(g, Buffer.concat([hello, publish(300), publish(300), publish(300), publish(300)]), 64),
    ).toMatch(/before the CONNECT was accepted/);
  });

  it('after authentication refuses a packet over the packet limit, not one at it', () => {
    const g = new PacketGauge(limits);
    expect(g.check(hello)).toBeUndefined();
    g.authenticated = true;
    // 1 type byte + 2 length bytes + 4093 = 4096: exactly the limit.
    expect(g.check(Buffer.concat([Buffer.from([0x32]), remainingLength(4093)]))).toBeUndefined();
    expect(g.check(Buffer.alloc(4093))).toBeUndefined();
    expect(g.check(Buffer.concat([Buffer.from([0x32]), remainingLength(4094)]))).toMatch(/4097 bytes/);
  });

  it('refuses a remaining length longer than four bytes', () => {
    const g = new PacketGauge(limits);
    expect(g.check(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x80, 0x01]))).toMatch(/malformed/);
  });
});

describe('GuardedConnection', () => {
  it('sends what the broker wrote in one tick as one socket write, bytes unchanged and in order', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const peer = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    peer.on('data', (b: Buffer) => received.push(b));
    const socket = await new Promise<Socket>((resolve) => server.once('connection', resolve));
    let writes = 0;
    const write = socket.write.bind(socket) as (chunk: Buffer) => boolean;
    socket.write = ((chunk: Buffer) => {
      writes++;
      return write(chunk);
    }) as typeof socket.write;
    const conn = new GuardedConnection(socket, new PacketGauge(limits), () => undefined);
    // As mqtt-packet writes PUBACKs: corked, each in three pieces (type, length, packet id); ten in one tick.
    conn.cork();
    for (let id = 1; id <= 10; id++) {
      conn.write(Buffer.from([0x40]));
      conn.write(Buffer.from([0x02]));
      conn.write(Buffer.from([0x00, id]));
    }
    process.nextTick(() => conn.uncork());
    const expected = Buffer.concat(
      Array.from({ length: 10 }, (_, i) => Buffer.from([0x40, 0x02, 0x00, i + 1])),
    );
    while (Buffer.concat(received).length < expected.length) await new Promise((r) => setTimeout(r, 5));
    expect(Buffer.concat(received)).toEqual(expected);
    expect(writes).toBe(1);
    // A lone write goes through as well (the _write path).
    conn.write(Buffer.from([0xd0, 0x00]));
    while (Buffer.concat(received).length < expected.length + 2) await new Promise((r) => setTimeout(r, 5));
    expect(writes).toBe(2);
    peer.destroy();
    conn.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
