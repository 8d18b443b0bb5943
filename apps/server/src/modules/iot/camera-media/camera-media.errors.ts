import { defineErrors } from '../../../platform/errors.js';

export const CameraMediaErrors = defineErrors({
  streamRefused: {
    status: 403,
    code: 'wfpe.camera.stream.refused',
    message: {
      'zh-CN': '视频地址无效或已过期，请重新打开视频',
      'en-US': 'The video address is invalid or has expired; open the video again',
    },
  },
  /** The camera did not answer when its stream was opened (same code as the camera API's offline). */
  offline: {
    status: 409,
    code: 'wfpe.warn.camera.offline',
    message: { 'zh-CN': '设备未连接', 'en-US': 'Device not connected' },
  },
  busy: {
    status: 503,
    code: 'wfpe.camera.stream.busy',
    message: {
      'zh-CN': '当前观看的视频过多，请稍后再试',
      'en-US': 'Too many videos are being watched now; try again shortly',
    },
  },
  // The camera platforms (ezviz, gb28181, cmcc): settings, what a platform cannot do, what it refused.
  badTarget: {
    status: 400,
    code: 'wfpe.camera.platform.badTarget',
    message: {
      'zh-CN': '平台地址无效或指向本机：{url}',
      'en-US': 'The platform address is invalid or points at this machine: {url}',
    },
  },
  tooLarge: {
    status: 502,
    code: 'wfpe.camera.platform.tooLarge',
    message: {
      'zh-CN': '摄像头平台的应答过大（上限 {max} 字节）',
      'en-US': 'The camera platform answered too much (at most {max} bytes)',
    },
  },
  notSupported: {
    status: 422,
    code: 'wfpe.camera.platform.notSupported',
    message: {
      'zh-CN': '该摄像头平台不支持此操作',
      'en-US': 'This camera platform does not support this action',
    },
  },
  notConfigured: {
    status: 409,
    code: 'wfpe.camera.platform.notConfigured',
    message: {
      'zh-CN': '尚未配置摄像头平台“{provider}”的接入信息，请在摄像头管理的“平台接入”中填写',
      'en-US':
        'The camera platform "{provider}" is not set up; fill it in under Platform access in the camera manager',
    },
  },
  platformRefused: {
    status: 502,
    code: 'wfpe.camera.platform.refused',
    message: {
      'zh-CN': '摄像头平台拒绝了请求：{detail}',
      'en-US': 'The camera platform refused the request: {detail}',
    },
  },
});
