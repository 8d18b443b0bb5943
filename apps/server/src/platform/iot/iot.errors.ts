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
  // 400, not 409: it will never work, so the automatic off does not retry it like an offline device.
  codecCannotEncode: {
    status: 400,
    code: 'wfpe.device.codecCannotEncode',
    message: {
      'zh-CN': '设备的编解码器（{codec}）无法下发该指令：{action}，未发送',
      'en-US': "The device's codec ({codec}) cannot encode this command: {action}; nothing was sent",
    },
  },
  lorawanAppUnknown: {
    status: 409,
    code: 'wfpe.device.lorawanAppUnknown',
    message: {
      'zh-CN':
        '尚不知道该 LoRaWAN 设备所属的 ChirpStack 应用：请等待其下一次上报，或在设备设置中填写 chirpstackAppId',
      'en-US':
        'The ChirpStack application of this LoRaWAN device is not known yet: wait for its next uplink or set chirpstackAppId in its settings',
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
