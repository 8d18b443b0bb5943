// The public surface of notice: what other domains may use (ADR 0009).
export { sanitizeNoticeHtml } from './html.sanitize.js';
export { NotificationService } from './message.service.js';
export { NoticeService } from './notice.service.js';
export { seedDemoNotices, seedDemoNoticesLater } from './notice.demo.js';
