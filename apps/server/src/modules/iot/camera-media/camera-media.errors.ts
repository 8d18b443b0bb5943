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
});
