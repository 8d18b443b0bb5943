import { defineErrors } from '../errors.js';

export const IotErrors = defineErrors({
  provisioning: {
    status: 503,
    code: 'wfpe.device.brokerProvisioning',
    message: {
      'zh-CN': 'MQTT 服务器暂时无法更新设备账号，未做任何更改，请稍后重试',
      'en-US': 'The MQTT broker could not update the device account; nothing was changed, please try again',
    },
  },
  hookForbidden: {
    status: 401,
    code: 'wfpe.iot.hookSecret',
    message: {
      'zh-CN': 'MQTT 钩子密钥不正确',
      'en-US': 'Wrong or missing MQTT hook secret',
    },
  },
  hooksOff: {
    status: 404,
    code: 'wfpe.iot.hooksOff',
    message: {
      'zh-CN': '未启用 EMQX 钩子（EMQX_HOOK_SECRET 未设置）',
      'en-US': 'The EMQX hooks are off (EMQX_HOOK_SECRET is not set)',
    },
  },
});
