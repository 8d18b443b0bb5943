import { defineErrors } from '../../../platform/errors.js';

export const NoticeErrors = defineErrors({
  noticeNotFound: {
    status: 404,
    code: 'hmsg.warn.notice.notFound',
    message: { 'zh-CN': '公告不存在或已被删除', 'en-US': 'The announcement does not exist or was deleted' },
  },
  alreadyPublished: {
    status: 409,
    code: 'hmsg.warn.notice.alreadyPublished',
    message: { 'zh-CN': '公告已发布', 'en-US': 'The announcement is already published' },
  },
  messageNotFound: {
    status: 404,
    code: 'hmsg.warn.message.notFound',
    message: { 'zh-CN': '消息不存在或已被删除', 'en-US': 'The message does not exist or was deleted' },
  },
  emptyBody: {
    status: 400,
    code: 'hmsg.warn.notice.emptyBody',
    message: { 'zh-CN': '公告内容不能为空', 'en-US': 'The announcement needs some content' },
  },
  unknownAudience: {
    status: 400,
    code: 'hmsg.warn.notice.unknownAudience',
    message: {
      'zh-CN': '{field}：所选角色或组织不存在（{ids}）',
      'en-US': '{field}: no such role or organisation unit ({ids})',
    },
  },
  platformAudience: {
    status: 400,
    code: 'hmsg.warn.notice.platformAudience',
    message: {
      'zh-CN': '{field}：平台公告面向所有企业，不能按角色或组织发送',
      'en-US': '{field}: a platform announcement reaches every tenant; it cannot address roles or units',
    },
  },
  scheduleTooFar: {
    status: 400,
    code: 'hmsg.warn.notice.scheduleTooFar',
    message: {
      'zh-CN': 'publishAt：定时发布最多提前 {days} 天',
      'en-US': 'publishAt: an announcement can be scheduled at most {days} days ahead',
    },
  },
  notWithdrawable: {
    status: 409,
    code: 'hmsg.warn.notice.notWithdrawable',
    message: {
      'zh-CN': '只有已发布或定时发布的公告可以撤回',
      'en-US': 'Only published or scheduled announcements can be withdrawn',
    },
  },
});
