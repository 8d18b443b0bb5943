import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// Local stand-ins for the camera platforms' HTTP APIs (we cannot reach the real ones in tests): they check
// the parameters the real APIs require and answer in their shapes, and record every call.

export interface Call {
  path: string;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface Fake {
  base: string;
  calls: Call[];
  close(): Promise<void>;
  /** Calls to one path. */
  to(path: string): Call[];
}

export const tinyJpeg = (colour = '#3a7') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const serve = async (
  handle: (path: string, p: Record<string, string>, req: IncomingMessage, res: ServerResponse) => void,
): Promise<Fake> => {
  const calls: Call[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    if (req.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    calls.push({ path: url.pathname, params, headers: req.headers });
    handle(url.pathname, params, req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    to: (path) => calls.filter((c) => c.path === path),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};

const send = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

// ---- EZVIZ open platform ----

export interface EzvizState {
  appKey: string;
  appSecret: string;
  /** Tokens issued so far; the last is the valid one. */
  issued: string[];
  /** Milliseconds a new token lives. */
  tokenLife: number;
  /** 1 online, 0 offline (device/info status; other calls then answer 20007). */
  status: number;
  presets: number[];
  jpeg: Buffer;
  /** Bytes of the picture served at picUrl (the capture), to test the size bound. */
  picture?: Buffer;
}

const ok = (data: unknown) => ({ code: '200', msg: '操作成功!', data });

export const fakeEzviz = async (s: EzvizState): Promise<Fake> => {
  const fake: Fake = await serve((path, p, _req, res) => {
    if (path === '/pic.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(s.picture ?? s.jpeg);
      return;
    }
    if (path === '/api/lapp/token/get') {
      if (p.appKey !== s.appKey || p.appSecret !== s.appSecret)
        return send(res, { code: '10017', msg: 'appKey不存在' });
      const token = `at.${s.appKey}.${s.issued.length + 1}`;
      s.issued.push(token);
      return send(res, ok({ accessToken: token, expireTime: Date.now() + s.tokenLife }));
    }
    if (p.accessToken !== s.issued.at(-1)) return send(res, { code: '10002', msg: 'accessToken过期或异常' });
    if (!p.deviceSerial) return send(res, { code: '10001', msg: '参数错误' });
    if (path === '/api/lapp/device/info')
      return send(res, ok({ deviceSerial: p.deviceSerial, deviceName: 'cam', status: s.status }));
    if (s.status !== 1) return send(res, { code: '20007', msg: '设备不在线' });
    switch (path) {
      case '/api/lapp/v2/live/address/get': {
        if (!['2', '4'].includes(p.protocol ?? '') || !['1', '2'].includes(p.quality ?? ''))
          return send(res, { code: '10001', msg: '参数错误' });
        const ext = p.protocol === '2' ? 'm3u8' : 'flv';
        const q = p.quality === '1' ? 'hd' : 'sd';
        const kind = p.type === '2' ? `rec.${p.startTime}.${p.stopTime}` : 'live';
        return send(
          res,
          ok({
            id: 'x',
            url: `https://open.ys7.com/v3/openlive/${p.deviceSerial}_${p.channelNo}_${q}.${kind}.${ext}`,
            expireTime: '2030-01-01 00:00:00',
          }),
        );
      }
      case '/api/lapp/device/ptz/start':
      case '/api/lapp/device/ptz/stop':
        return send(res, ok(null));
      case '/api/lapp/device/preset/add': {
        const index = (s.presets.at(-1) ?? 0) + 1;
        s.presets.push(index);
        return send(res, ok({ index }));
      }
      case '/api/lapp/device/preset/move':
      case '/api/lapp/device/preset/clear':
        if (!s.presets.includes(Number(p.index))) return send(res, { code: '60009', msg: '预置点不存在' });
        if (path.endsWith('clear')) s.presets = s.presets.filter((i) => i !== Number(p.index));
        return send(res, ok(null));
      case '/api/lapp/device/capture':
        return send(res, ok({ picUrl: `${fake.base}/pic.jpg` }));
      case '/api/lapp/video/by/time':
        return send(
          res,
          ok([
            { recType: 2, startTime: Number(p.startTime) + 60_000, endTime: Number(p.startTime) + 120_000 },
          ]),
        );
      default:
        return send(res, { code: '404', msg: 'no such api' }, 404);
    }
  });
  return fake;
};

// ---- wvp-GB28181-pro ----

export interface WvpState {
  username: string;
  password: string;
  token: string;
  online: boolean;
  jpeg: Buffer;
}

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export const fakeWvp = async (s: WvpState): Promise<Fake> =>
  serve((path, p, req, res) => {
    if (path === '/api/user/login') {
      if (p.username !== s.username || p.password !== md5(s.password))
        return send(res, { code: 1, msg: '用户名或密码错误' });
      return send(res, { code: 0, msg: '成功', data: { username: s.username, accessToken: s.token } });
    }
    if (path.startsWith('/api/device/query/snap/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(s.jpeg);
      return;
    }
    if (req.headers['access-token'] !== s.token)
      return send(res, { code: 401, msg: '请登录后重新请求' }, 401);
    const m = path.match(/^\/api\/(.+)\/(\d{20})\/(\d{20})$/);
    if (path.startsWith('/api/device/query/devices/'))
      return send(res, {
        code: 0,
        msg: '成功',
        data: { deviceId: path.split('/').at(-1), onLine: s.online },
      });
    if (!m) return send(res, { code: 404, msg: 'not found' }, 404);
    const [, action, device, channel] = m;
    if (!s.online) return send(res, { code: 100, msg: '点播超时' });
    const stream = (app: string) => ({
      app,
      stream: `${device}_${channel}`,
      flv: `http://zlm.example:8080/${app}/${device}_${channel}.live.flv`,
      ws_flv: `ws://zlm.example:8080/${app}/${device}_${channel}.live.flv`,
      hls: `http://zlm.example:8080/${app}/${device}_${channel}/hls.m3u8`,
    });
    switch (action) {
      case 'play/start':
        return send(res, { code: 0, msg: '成功', data: stream('rtp') });
      case 'playback/start':
        if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(p.startTime ?? '') || !p.endTime)
          return send(res, { code: 400, msg: 'time' });
        return send(res, { code: 0, msg: '成功', data: stream('playback') });
      case 'gb_record/query':
        return send(res, {
          code: 0,
          msg: '成功',
          data: {
            deviceId: device,
            channelId: channel,
            sumNum: 1,
            recordList: [{ startTime: p.startTime, endTime: p.endTime, name: 'rec', type: 'time' }],
          },
        });
      case 'front-end/ptz':
      case 'front-end/preset/add':
      case 'front-end/preset/call':
      case 'front-end/preset/delete':
        return send(res, { code: 0, msg: '成功' });
      default:
        return send(res, { code: 404, msg: 'not found' }, 404);
    }
  });

// ---- China Mobile embedded player ----

export const fakeCmcc = async (token: string, online: () => boolean): Promise<Fake> =>
  serve((path, p, req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, { msg: 'unauthorised' }, 401);
    if (path === '/live')
      return send(res, { data: { url: `https://cmcc.example/player?sn=${p.sn}&ch=${p.ch}` } });
    if (path === '/status') return send(res, { data: { online: online() ? 1 : 0 } });
    return send(res, { msg: 'not found' }, 404);
  });
