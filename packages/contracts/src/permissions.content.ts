import { perm } from './permissions.def.js';

/**
 * Content and knowledge actions (issue 19); viewing is each page's menu code. Answering inquiries is the
 * expert's code: the farm-operator role does not get it (see SEEDED_ROLES).
 */
export const CONTENT_ACTION_PERMISSIONS = [
  perm('wfpf.company.system.article.ps.create', '新增文章', 'Add articles'),
  perm('wfpf.company.system.article.ps.edit', '编辑文章', 'Edit articles'),
  perm('wfpf.company.system.article.ps.delete', '删除文章', 'Delete articles'),
  perm('wfpf.company.system.article.ps.publish', '发布与撤回文章', 'Publish and withdraw articles'),
  perm('wfpf.company.system.article.ps.review', '审核文章', 'Review articles'),
  perm('wfpf.company.system.classify.ps.edit', '编辑分类', 'Edit categories'),
  perm('wfpf.company.system.bannerManger.ps.edit', '编辑轮播图', 'Edit banners'),
  perm('wfpf.company.system.pictures-hub.ps.upload', '上传图片', 'Upload pictures'),
  perm('wfpf.company.system.pictures-hub.ps.edit', '编辑图片与文件夹', 'Edit pictures and folders'),
  perm('wfpf.company.system.pictures-hub.ps.delete', '删除图片', 'Delete pictures'),
  perm('wfpf.company.system.publicity-video.ps.upload', '上传宣传视频', 'Upload promo videos'),
  perm('wfpf.company.system.publicity-video.ps.edit', '编辑宣传视频', 'Edit promo videos'),
  perm('wfpf.company.system.publicity-video.ps.delete', '删除宣传视频', 'Delete promo videos'),
  perm('wfpf.farm.agriculture.expert-inquiry.ps.ask', '提交问诊', 'Ask experts'),
  perm('wfpf.farm.agriculture.expert-inquiry.ps.answer', '专家解答', 'Answer as an expert'),
  perm('wfpf.farm.agriculture.identify.ps.run', '识别病虫害', 'Identify pests'),
  perm('wfpf.farm.agriculture.identify.ps.knowledge', '编辑病虫害知识库', 'Edit the pest knowledge base'),
] as const;
