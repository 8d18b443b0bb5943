import { defineErrors } from '../../../platform/errors.js';

export const PushErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.push.notFound',
    message: {
      'zh-CN': '数据推送不存在或已被删除',
      'en-US': 'The data push subscription does not exist or was deleted',
    },
  },
  deliveryNotFound: {
    status: 404,
    code: 'wfpf.push.deliveryNotFound',
    message: { 'zh-CN': '推送记录不存在', 'en-US': 'The delivery does not exist' },
  },
  notFailed: {
    status: 409,
    code: 'wfpf.push.notFailed',
    message: {
      'zh-CN': '只能重新推送失败的记录',
      'en-US': 'Only a failed delivery can be sent again',
    },
  },
  urlScheme: {
    status: 400,
    code: 'wfpf.push.urlScheme',
    message: {
      'zh-CN': 'url：推送地址必须是 https 地址',
      'en-US': 'url: the push address must be an https URL',
    },
  },
  urlCredentials: {
    status: 400,
    code: 'wfpf.push.urlCredentials',
    message: {
      'zh-CN': 'url：推送地址不能包含用户名或密码',
      'en-US': 'url: the push address may not contain a user name or password',
    },
  },
  urlPrivate: {
    status: 400,
    code: 'wfpf.push.urlPrivate',
    message: {
      'zh-CN': 'url：推送地址指向内网、本机或保留地址，不允许推送',
      'en-US': 'url: the push address is a private, loopback or reserved address and is refused',
    },
  },
  urlUnresolved: {
    status: 400,
    code: 'wfpf.push.urlUnresolved',
    message: {
      'zh-CN': 'url：推送地址的主机名无法解析',
      'en-US': 'url: the host name of the push address does not resolve',
    },
  },
  // Spec 03 §8's text for a failed push test; the receiver's answer follows it.
  testFailed: {
    status: 400,
    code: 'wfpf.push.testFailed',
    message: {
      'zh-CN': '推送测试失败，未检测到链接（{detail}）',
      'en-US': 'push test failed, link not detected ({detail})',
    },
  },
});
