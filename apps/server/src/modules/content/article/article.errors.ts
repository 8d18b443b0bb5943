import { defineErrors } from '../../../platform/errors.js';

// Articles and categories (issue 19 item 2): each refusal names the field or says what to do instead.

export const ArticleErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.content.article.notFound',
    message: { 'zh-CN': '文章不存在或已被删除', 'en-US': 'No such article, or it was deleted' },
  },
  revisionNotFound: {
    status: 404,
    code: 'wfpf.content.article.revisionNotFound',
    message: { 'zh-CN': '该文章没有第 {revision} 版', 'en-US': 'The article has no revision {revision}' },
  },
  categoryNotFound: {
    status: 400,
    code: 'wfpf.content.article.categoryNotFound',
    message: { 'zh-CN': 'categoryId：分类不存在', 'en-US': 'categoryId: no such category' },
  },
  categoryDisabled: {
    status: 400,
    code: 'wfpf.content.article.categoryDisabled',
    message: {
      'zh-CN': 'categoryId：分类“{name}”已停用，请选择其他分类',
      'en-US': 'categoryId: the category "{name}" is disabled; choose another',
    },
  },
  contentTooLong: {
    status: 400,
    code: 'wfpf.content.article.contentTooLong',
    message: {
      'zh-CN': 'content：正文过长（最多 {max} 个字符）',
      'en-US': 'content: the body is too long (at most {max} characters)',
    },
  },
  inReview: {
    status: 409,
    code: 'wfpf.content.article.inReview',
    message: {
      'zh-CN': '文章正在审核中，不能修改；如需修改请先在审批中撤回',
      'en-US': 'The article is under review; withdraw the approval first to change it',
    },
  },
  alreadyPublished: {
    status: 409,
    code: 'wfpf.content.article.alreadyPublished',
    message: { 'zh-CN': '文章已发布', 'en-US': 'The article is already published' },
  },
  notLive: {
    status: 409,
    code: 'wfpf.content.article.notLive',
    message: {
      'zh-CN': '只有已发布或定时发布的文章可以撤回',
      'en-US': 'Only a published or scheduled article can be withdrawn',
    },
  },
  publishAtPast: {
    status: 400,
    code: 'wfpf.content.article.publishAtPast',
    message: {
      'zh-CN': 'publishAt：定时发布时间须晚于当前时间',
      'en-US': 'publishAt: the scheduled time must be in the future',
    },
  },
  publishAtFar: {
    status: 400,
    code: 'wfpf.content.article.publishAtFar',
    message: {
      'zh-CN': 'publishAt：定时发布时间不能超过 {days} 天之后',
      'en-US': 'publishAt: the scheduled time may be at most {days} days ahead',
    },
  },
  contentRequired: {
    status: 400,
    code: 'wfpf.content.article.contentRequired',
    message: { 'zh-CN': 'content：正文不能为空', 'en-US': 'content: the body cannot be empty' },
  },
  // ---- categories ----
  categoryInUse: {
    status: 409,
    code: 'wfpf.content.category.inUse',
    message: {
      'zh-CN': '分类“{name}”下还有 {count} 篇文章，请先移走或删除这些文章',
      'en-US': 'The category "{name}" still holds {count} article(s); move or delete them first',
    },
  },
  categoryHasChildren: {
    status: 409,
    code: 'wfpf.content.category.hasChildren',
    message: {
      'zh-CN': '分类“{name}”下还有子分类，请先删除子分类',
      'en-US': 'The category "{name}" has subcategories; delete them first',
    },
  },
  categoryNameTaken: {
    status: 409,
    code: 'wfpf.content.category.nameTaken',
    message: {
      'zh-CN': 'categoryName：同级已有名为“{name}”的分类',
      'en-US': 'categoryName: a sibling category is already named "{name}"',
    },
  },
  categoryParentNotFound: {
    status: 400,
    code: 'wfpf.content.category.parentNotFound',
    message: { 'zh-CN': 'parentId：上级分类不存在', 'en-US': 'parentId: no such parent category' },
  },
  categoryTooDeep: {
    status: 400,
    code: 'wfpf.content.category.tooDeep',
    message: {
      'zh-CN': 'parentId：分类最多 {max} 级',
      'en-US': 'parentId: categories nest at most {max} levels deep',
    },
  },
  categoryOrder: {
    status: 400,
    code: 'wfpf.content.category.order',
    message: {
      'zh-CN': 'ids：必须恰好列出该上级下的全部分类',
      'en-US': "ids: must list each of the parent's categories exactly once",
    },
  },
});
