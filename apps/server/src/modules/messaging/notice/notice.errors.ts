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
});
