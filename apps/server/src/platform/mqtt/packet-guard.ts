import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** Size limits of the embedded broker's connections (MQTT_MAX_CONNECT_BYTES, MQTT_MAX_PACKET_BYTES). */
export interface PacketLimits {
  /** Bytes a connection may send before its CONNECT is accepted: the CONNECT and anything pipelined. */
  maxConnectBytes: number;
  /** The largest packet, fixed header included, once the connection is authenticated. */
  maxPacketBytes: number;
}

/**
 * Follows the MQTT fixed headers (type byte, remaining length) of a byte stream chunk by chunk and
 * refuses a packet by its announced size, before its body is read. mqtt-packet's parser accumulates a
 * whole packet before it looks at it, so a header announcing 256 MB would otherwise be buffered in full.
 */
export class PacketGauge {
  /** Set once the broker accepted the CONNECT; the larger packet limit applies from then on. */
  authenticated = false;
  /** Body bytes of the current packet still to come. */
  private left = 0;
  /** Bytes of the fixed header read so far (0: expecting a packet's first byte). */
  private header = 0;
  private length = 0;
  private multiplier = 1;
  private beforeAuth = 0;

  constructor(private readonly limits: PacketLimits) {}

  /** Answers why this chunk breaks the limits, or undefined when it does not. */
  check(chunk: Uint8Array): string | undefined {
    if (!this.authenticated) {
      this.beforeAuth += chunk.length;
      if (this.beforeAuth > this.limits.maxConnectBytes)
        return `more than ${this.limits.maxConnectBytes} bytes before the CONNECT was accepted`;
    }
    let i = 0;
    while (i < chunk.length) {
      if (this.left > 0) {
        const n = Math.min(this.left, chunk.length - i);
        this.left -= n;
        i += n;
        continue;
      }
      const b = chunk[i++] as number;
      if (this.header === 0) {
        this.header = 1;
        this.length = 0;
        this.multiplier = 1;
        continue;
      }
      this.header++;
      this.length += (b & 0x7f) * this.multiplier;
      if (b & 0x80) {
        // The remaining length takes at most four bytes (MQTT 3.1.1 §2.2.3).
        if (this.header === 5) return 'malformed remaining length';
        this.multiplier *= 128;
        continue;
      }
      const size = this.header + this.length;
      const limit = this.authenticated ? this.limits.maxPacketBytes : this.limits.maxConnectBytes;
      if (size > limit) return `a packet of ${size} bytes, over the limit of ${limit}`;
      this.left = this.length;
      this.header = 0;
    }
    return undefined;
  }
}

/**
 * The socket as Aedes sees it: every chunk read passes the gauge first, and a chunk that breaks a limit
 * destroys the socket instead of reaching the parser. Writes go straight to the socket, and what was
 * written in one tick goes in one socket write.
 */
export class GuardedConnection extends Duplex {
  constructor(
    readonly socket: Socket,
    readonly gauge: PacketGauge,
    onRefused: (reason: string) => void,
  ) {
    super({ allowHalfOpen: false });
    socket.on('data', (chunk: Buffer) => {
      const why = gauge.check(chunk);
      if (why) {
        onRefused(why);
        this.destroy();
        return;
      }
      if (!this.push(chunk)) socket.pause();
    });
    socket.once('end', () => this.push(null));
    socket.on('error', (err) => this.destroy(err));
    socket.once('close', () => this.destroy());
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.send(chunk, done);
  }

  // mqtt-packet corks the stream and writes a packet in pieces (a PUBACK in three); without _writev each
  // piece became a socket write of its own, i.e. a system call (issue 20: a fifth of the ingest thread).
  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    done: (err?: Error | null) => void,
  ): void {
    const all =
      chunks.length === 1 ? (chunks[0]?.chunk as Buffer) : Buffer.concat(chunks.map((c) => c.chunk));
    this.send(all, done);
  }

  private send(chunk: Buffer, done: (err?: Error | null) => void): void {
    if (this.socket.write(chunk)) done();
    else this.socket.once('drain', () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    this.socket.end();
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.socket.destroy();
    done(err);
  }
}
