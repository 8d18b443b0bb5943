import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sleep } from './media.helpers.js';

// Test counterparts of an RTSP / ONVIF camera, on loopback only.
//
// A small RTSP server (OPTIONS, DESCRIBE, SETUP over TCP interleaved, PLAY, TEARDOWN): a real ffmpeg encodes
// a moving test pattern to H.264 and sends RTP to the server's UDP port; the server answers DESCRIBE with
// ffmpeg's SDP and relays each RTP packet to every playing client as an interleaved frame ($, channel 0).
// A fake ONVIF device answers the SOAP calls the `onvif` client makes and records them.

export interface TestRtspServer {
  url: string;
  port: number;
  /** Clients that sent PLAY. */
  plays: number;
  close(): Promise<void>;
}

export interface RtspServerOptions {
  width: number;
  height: number;
  fps: number;
  /** x264 profile and level of the source: a re-encode would not keep them (tests assert copy). */
  profile: 'main' | 'high';
  level: string;
  /** H.265 instead of H.264 (x265; profile and level then left to it). */
  hevc?: boolean;
}

const REALM = 'tilth-test';
const NONCE = '5f1b2c3d';
const md5 = (x: string) => createHash('md5').update(x).digest('hex');

const digestOk = (method: string, header: string | undefined): boolean => {
  if (!header?.startsWith('Digest ')) return false;
  const p = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(header)?.[1] ?? '';
  const want = md5(`${md5(`admin:${REALM}:s3cret`)}:${NONCE}:${md5(`${method}:${p('uri')}`)}`);
  return p('username') === 'admin' && p('response') === want;
};

export const startRtspServer = async (o: RtspServerOptions): Promise<TestRtspServer> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-rtsp-'));
  const sdpFile = path.join(dir, 'stream.sdp');
  const udp = createSocket('udp4');
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  const rtpPort = udp.address().port;
  const publisher: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${o.width}x${o.height}:rate=${o.fps}`],
      ...(o.hevc
        ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:repeat-headers=1']
        : // veryfast (CABAC on): the profile asked for is the one written, unlike ultrafast's Baseline.
          [...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'], '-profile:v', o.profile]),
      ...['-pix_fmt', 'yuv420p', '-level', o.level, '-g', String(o.fps), '-b:v', '300k'],
      // SPS / PPS before every keyframe, so a client joining later decodes from its first keyframe.
      ...['-bsf:v', 'dump_extra=freq=keyframe', '-f', 'rtp', '-payload_type', '96'],
      ...['-sdp_file', sdpFile, `rtp://127.0.0.1:${rtpPort}?pkt_size=1200`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let sdp = '';
  for (let i = 0; i < 100 && !sdp.includes('m=video'); i++) {
    await sleep(50);
    sdp = await readFile(sdpFile, 'utf8').catch(() => '');
  }
  // Served over RTSP: no fixed port or address; one track the client SETUPs by its control URL.
  sdp = sdp
    .replace(/^m=video \d+/m, 'm=video 0')
    .replace(/^c=IN IP4 .*$/m, 'c=IN IP4 0.0.0.0')
    .replace(/\s*$/, '\r\na=control:trackID=0\r\n')
    .replace(/\r?\n/g, '\r\n');

  const playing = new Set<Socket>();
  const sockets = new Set<Socket>();
  udp.on('message', (packet) => {
    const head = Buffer.from([0x24, 0, packet.length >> 8, packet.length & 0xff]);
    for (const s of playing) if (!s.destroyed) s.write(Buffer.concat([head, packet]));
  });

  const state = { plays: 0 };
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    let buf = Buffer.alloc(0);
    const reply = (cseq: string, status: string, headers: Record<string, string> = {}, body = '') => {
      const lines = [
        `RTSP/1.0 ${status}`,
        `CSeq: ${cseq}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      sock.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        // Interleaved RTCP from the client: skipped.
        if (buf[0] === 0x24) {
          if (buf.length < 4) return;
          const len = 4 + ((buf[2] ?? 0) << 8) + (buf[3] ?? 0);
          if (buf.length < len) return;
          buf = buf.subarray(len);
          continue;
        }
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = buf.subarray(0, end).toString();
        buf = buf.subarray(end + 4);
        const [line = '', ...rest] = text.split('\r\n');
        const [method = '', uri = ''] = line.split(' ');
        const h = Object.fromEntries(
          rest.map((l) => [
            l.slice(0, l.indexOf(':')).trim().toLowerCase(),
            l.slice(l.indexOf(':') + 1).trim(),
          ]),
        );
        const cseq = h.cseq ?? '0';
        const pathname = new URL(uri.startsWith('rtsp') ? uri : `rtsp://x${uri}`).pathname;
        const known = pathname.startsWith('/live') || pathname.startsWith('/secure');
        // /secure/… asks for Digest auth as cameras do (user "admin", password "s3cret").
        if (pathname.startsWith('/secure') && method !== 'OPTIONS' && !digestOk(method, h.authorization)) {
          reply(cseq, '401 Unauthorized', {
            'WWW-Authenticate': `Digest realm="${REALM}", nonce="${NONCE}"`,
          });
          continue;
        }
        if (method === 'OPTIONS')
          reply(cseq, '200 OK', { Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN' });
        else if (!known) reply(cseq, '404 Not Found');
        else if (method === 'DESCRIBE')
          reply(cseq, '200 OK', { 'Content-Type': 'application/sdp', 'Content-Base': `${uri}/` }, sdp);
        else if (method === 'SETUP') {
          if (!/interleaved/.test(h.transport ?? '')) reply(cseq, '461 Unsupported Transport');
          else
            reply(cseq, '200 OK', {
              Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1',
              Session: '4242;timeout=60',
            });
        } else if (method === 'PLAY') {
          reply(cseq, '200 OK', { Session: '4242' });
          playing.add(sock);
          state.plays++;
        } else reply(cseq, '200 OK', { Session: '4242' });
      }
    });
    const drop = () => {
      playing.delete(sock);
      sockets.delete(sock);
    };
    sock.on('close', drop);
    sock.on('error', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `rtsp://127.0.0.1:${port}/live/main`,
    port,
    get plays() {
      return state.plays;
    },
    close: async () => {
      publisher.kill('SIGKILL');
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      udp.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** A port nothing listens on (bound, then closed). */
export const closedPort = async (): Promise<number> => {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
};

/** A TCP server that accepts and never answers (a hung camera). */
export const silentServer = async (): Promise<{ port: number; close(): Promise<void> }> => {
  const socks = new Set<Socket>();
  const s = createServer((c) => {
    socks.add(c);
    c.on('error', () => undefined);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    port: (s.address() as { port: number }).port,
    close: async () => {
      for (const c of socks) c.destroy();
      await new Promise<void>((r) => s.close(() => r()));
    },
  };
};

// ---- Fake ONVIF device ----

export interface OnvifCall {
  action: string;
  body: string;
}

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema"><s:Body>${body}</s:Body></s:Envelope>`;

const answers = (announce: string): Record<string, string> => {
  const now = new Date();
  return {
    GetSystemDateAndTime: `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings><tt:UTCDateTime><tt:Time><tt:Hour>${now.getUTCHours()}</tt:Hour><tt:Minute>${now.getUTCMinutes()}</tt:Minute><tt:Second>${now.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${now.getUTCFullYear()}</tt:Year><tt:Month>${now.getUTCMonth() + 1}</tt:Month><tt:Day>${now.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`,
    // The device announces its services at another address: the client must keep to the configured one.
    GetCapabilities: `<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>http://${announce}/onvif/device_service</tt:XAddr></tt:Device><tt:Media><tt:XAddr>http://${announce}/onvif/media_service</tt:XAddr></tt:Media><tt:PTZ><tt:XAddr>http://${announce}/onvif/ptz_service</tt:XAddr></tt:PTZ></tds:Capabilities></tds:GetCapabilitiesResponse>`,
    GetProfiles: `<trt:GetProfilesResponse><trt:Profiles token="prof1" fixed="true"><tt:Name>main</tt:Name><tt:VideoSourceConfiguration token="vsc1"><tt:Name>vsc</tt:Name><tt:UseCount>1</tt:UseCount><tt:SourceToken>vs1</tt:SourceToken><tt:Bounds x="0" y="0" width="320" height="240"/></tt:VideoSourceConfiguration><tt:VideoEncoderConfiguration token="vec1"><tt:Name>enc</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>320</tt:Width><tt:Height>240</tt:Height></tt:Resolution></tt:VideoEncoderConfiguration><tt:PTZConfiguration token="ptz1"><tt:Name>ptz</tt:Name><tt:UseCount>1</tt:UseCount><tt:NodeToken>node1</tt:NodeToken></tt:PTZConfiguration></trt:Profiles></trt:GetProfilesResponse>`,
    GetVideoSources: `<trt:GetVideoSourcesResponse><trt:VideoSources token="vs1"><tt:Framerate>15</tt:Framerate><tt:Resolution><tt:Width>320</tt:Width><tt:Height>240</tt:Height></tt:Resolution></trt:VideoSources></trt:GetVideoSourcesResponse>`,
    ContinuousMove: '<tptz:ContinuousMoveResponse/>',
    Stop: '<tptz:StopResponse/>',
    SetPreset: '<tptz:SetPresetResponse><tptz:PresetToken>1</tptz:PresetToken></tptz:SetPresetResponse>',
    GotoPreset: '<tptz:GotoPresetResponse/>',
    RemovePreset: '<tptz:RemovePresetResponse/>',
  };
};

const FAULT =
  '<s:Fault><s:Code><s:Value>s:Receiver</s:Value></s:Code><s:Reason><s:Text xml:lang="en">Action not implemented</s:Text></s:Reason></s:Fault>';

export interface FakeOnvif {
  port: number;
  calls: OnvifCall[];
  /** Paths the calls were posted to. */
  paths: string[];
  close(): Promise<void>;
}

export const startFakeOnvif = async (announce = '169.254.169.254:80'): Promise<FakeOnvif> => {
  const calls: OnvifCall[] = [];
  const paths: string[] = [];
  const server: HttpServer = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const action = /<(?:\w+:)?Body[^>]*>\s*<(?:\w+:)?(\w+)/.exec(body)?.[1] ?? '';
      calls.push({ action, body });
      paths.push(req.url ?? '');
      const answer = answers(announce)[action];
      res.writeHead(answer ? 200 : 500, { 'content-type': 'application/soap+xml; charset=utf-8' });
      res.end(envelope(answer ?? FAULT));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    calls,
    paths,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
