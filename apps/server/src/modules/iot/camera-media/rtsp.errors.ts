import { defineErrors } from '../../../platform/errors.js';

// Errors of RTSP / ONVIF cameras: a refused address (400 naming the config field) and a camera without
// pan-tilt (400: the console hides the pad for it, a call anyway is the caller's mistake).

export const RtspErrors = defineErrors({
  badUrl: {
    status: 400,
    code: 'wfpe.warn.camera.rtspUrl',
    message: {
      'zh-CN': '{field}：须为 rtsp:// 或 rtsps:// 地址',
      'en-US': '{field}: must be an rtsp:// or rtsps:// address',
    },
  },
  badHost: {
    status: 400,
    code: 'wfpe.warn.camera.onvifHost',
    message: {
      'zh-CN': '{field}：须为主机名或 IP 地址',
      'en-US': '{field}: must be a host name or an IP address',
    },
  },
  refusedAddress: {
    status: 400,
    code: 'wfpe.warn.camera.address',
    message: {
      'zh-CN': '{field}：不允许连接本机、链路本地或未指定地址（{address}）',
      'en-US': '{field}: loopback, link-local and unspecified addresses are not allowed ({address})',
    },
  },
  unresolved: {
    status: 400,
    code: 'wfpe.warn.camera.unresolved',
    message: {
      'zh-CN': '{field}：无法解析主机名 {host}',
      'en-US': '{field}: the host name {host} does not resolve',
    },
  },
  noPtz: {
    status: 400,
    code: 'wfpe.warn.camera.noPtz',
    message: {
      'zh-CN': '该摄像头没有云台（未配置 ONVIF）',
      'en-US': 'This camera has no pan-tilt (no ONVIF settings)',
    },
  },
});
