import { createHash } from 'node:crypto';
import { type Socket, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

// A bounded RTSP DESCRIBE over TCP: answers whether the camera serves the stream (200, or 401 / 403 from a
// camera that is there but refuses our user), and the SDP's video codec. Digest or Basic auth is answered
// once when the camera asks. Everything within `timeoutMs`; any failure is "not there".

export interface ProbeResult {
  status: number;
  /** 'h264', 'h265', another encoding name in lower case, or undefined without an SDP. */
  codec: string | undefined;
}

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

const param = (header: string, name: string): string | undefined =>
  new RegExp(`${name}="?([^",]*)"?`, 'i').exec(header)?.[1];

const authorization = (challenge: string, user: string, password: string, uri: string): string => {
  if (/^basic/i.test(challenge)) return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const realm = param(challenge, 'realm') ?? '';
  const nonce = param(challenge, 'nonce') ?? '';
  const response = md5(`${md5(`${user}:${realm}:${password}`)}:${nonce}:${md5(`DESCRIBE:${uri}`)}`);
  return `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}"`;
};

/** The video codec named by an SDP's first video media (rtpmap encoding name). */
export const codecOfSdp = (sdp: string): string | undefined => {
  const video = sdp.split(/\r?\nm=/).find((m) => m.startsWith('video') || m.startsWith('m=video'));
  const name = video && /a=rtpmap:\d+\s+([A-Za-z0-9-]+)\//.exec(video)?.[1];
  if (!name) return undefined;
  const n = name.toLowerCase();
  return n === 'hevc' ? 'h265' : n;
};

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on an open socket, its reply (headers and a Content-Length body). */
const exchange = (sock: Socket, request: string): Promise<Reply> =>
  new Promise((resolve, reject) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d.toString('latin1');
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = buf.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buf.length < end + 4 + length) return;
      sock.off('data', onData);
      const status = Number(/^RTSP\/1\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0);
      resolve({ status, headers, body: buf.slice(end + 4, end + 4 + length) });
    };
    sock.on('data', onData);
    sock.once('error', reject);
    sock.once('close', () => reject(new Error('closed')));
    sock.write(request);
  });

export const probeRtsp = async (
  url: URL,
  user: string | undefined,
  password: string | undefined,
  timeoutMs = 3000,
): Promise<ProbeResult> => {
  const port = Number(url.port) || (url.protocol === 'rtsps:' ? 322 : 554);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const uri = url.href;
  const sock: Socket =
    url.protocol === 'rtsps:'
      ? // Cameras ship self-signed certificates; ffmpeg does not verify them either.
        tlsConnect({ host, port, rejectUnauthorized: false })
      : tcpConnect({ host, port });
  const timer = setTimeout(() => sock.destroy(new Error('timeout')), timeoutMs);
  try {
    const describe = (cseq: number, auth?: string) =>
      exchange(
        sock,
        `DESCRIBE ${uri} RTSP/1.0\r\nCSeq: ${cseq}\r\nAccept: application/sdp\r\nUser-Agent: Tilth\r\n${auth ? `Authorization: ${auth}\r\n` : ''}\r\n`,
      );
    let reply = await describe(1);
    const challenge = reply.headers['www-authenticate'];
    if (reply.status === 401 && challenge && user !== undefined)
      reply = await describe(2, authorization(challenge, user, password ?? '', uri));
    return { status: reply.status, codec: reply.status === 200 ? codecOfSdp(reply.body) : undefined };
  } catch {
    return { status: 0, codec: undefined };
  } finally {
    clearTimeout(timer);
    sock.destroy();
  }
};
