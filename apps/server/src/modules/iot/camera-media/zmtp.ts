import { connect, type Socket } from 'node:net';

// A minimal ZeroMQ (ZMTP 3.0, NULL mechanism) DEALER client, just enough to talk to ffmpeg's `zmq` filter
// (a REP socket): send "target command arg" messages and discard the replies. Written here because the
// zeromq npm package is native and downloads binaries at install; the protocol part we need is small.

const greeting = (): Buffer => {
  const g = Buffer.alloc(64);
  g[0] = 0xff;
  g[9] = 0x7f;
  g[10] = 3; // version 3.0
  g[11] = 0;
  g.write('NULL', 12, 'ascii');
  return g; // as-server 0, filler zeros
};

const frame = (flags: number, body: Buffer): Buffer => {
  if (body.length > 255) {
    const head = Buffer.alloc(9);
    head[0] = flags | 0x02;
    head.writeBigUInt64BE(BigInt(body.length), 1);
    return Buffer.concat([head, body]);
  }
  return Buffer.concat([Buffer.from([flags, body.length]), body]);
};

const ready = (): Buffer => {
  const name = Buffer.from('READY', 'ascii');
  const key = Buffer.from('Socket-Type', 'ascii');
  const value = Buffer.from('DEALER', 'ascii');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(value.length);
  const body = Buffer.concat([Buffer.from([name.length]), name, Buffer.from([key.length]), key, len, value]);
  return frame(0x04, body);
};

export class ZmqCommander {
  private socket: Socket | undefined;
  private handshaken = false;
  private pending: string[] = [];
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {
    this.open();
  }

  /** Queues a command; sent as soon as the filter's socket is up (ffmpeg binds it when the graph starts). */
  send(command: string): void {
    if (this.closed) return;
    if (this.handshaken && this.socket) this.write(command);
    else this.pending.push(command);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket?.destroy();
  }

  private write(command: string): void {
    // DEALER → REP: an empty delimiter frame, then the message.
    this.socket?.write(Buffer.concat([frame(0x01, Buffer.alloc(0)), frame(0x00, Buffer.from(command))]));
  }

  private open(): void {
    if (this.closed) return;
    const s = connect(this.port, this.host);
    this.socket = s;
    let got = Buffer.alloc(0);
    let stage: 'greeting' | 'ready' | 'open' = 'greeting';
    s.on('connect', () => s.write(Buffer.concat([greeting(), ready()])));
    s.on('data', (chunk) => {
      if (stage === 'open') return; // replies ("0 Success") are not needed
      got = Buffer.concat([got, chunk]);
      if (stage === 'greeting' && got.length >= 64) {
        got = got.subarray(64);
        stage = 'ready';
      }
      if (stage === 'ready' && got.length >= 2) {
        const long = ((got[0] ?? 0) & 0x02) !== 0;
        const size = long ? Number(got.readBigUInt64BE(1)) : (got[1] ?? 0);
        if (got.length >= (long ? 9 : 2) + size) {
          stage = 'open';
          this.handshaken = true;
          const queued = this.pending;
          this.pending = [];
          for (const c of queued) this.write(c);
        }
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      this.handshaken = false;
      // ffmpeg binds the socket only once its filter graph is configured: try again shortly.
      if (!this.closed) this.retry = setTimeout(() => this.open(), 100);
    });
  }
}
