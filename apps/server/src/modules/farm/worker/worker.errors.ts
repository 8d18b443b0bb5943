import { defineErrors } from '../../../platform/errors.js';

export const WorkerErrors = defineErrors({
  notFound: {
    status: 404,
    code: 'wfpf.worker.notFound',
    message: { 'zh-CN': '工人不存在或已被删除', 'en-US': 'No such worker, or it was deleted' },
  },
  areaNotFound: {
    status: 400,
    code: 'wfpf.worker.areaNotFound',
    message: {
      'zh-CN': 'organizationId：组织不存在（不能是集团本身）',
      'en-US': 'organizationId: no such organisation unit (the enterprise itself is not one)',
    },
  },
  userNotMember: {
    status: 400,
    code: 'wfpf.worker.userNotMember',
    message: {
      'zh-CN': 'userId：该用户不是本企业成员',
      'en-US': 'userId: the user is not a member of this enterprise',
    },
  },
  userLinked: {
    status: 409,
    code: 'wfpf.worker.userLinked',
    message: {
      'zh-CN': '该用户已关联工人“{name}”，一个用户只能关联一名工人',
      'en-US': 'This user is already linked to the worker "{name}"; a user can be linked to one worker only',
    },
  },
  hasOpenTasks: {
    status: 409,
    code: 'wfpf.worker.hasOpenTasks',
    message: {
      'zh-CN': '该工人还有 {count} 个未完成的任务，不能删除，可以将其停用',
      'en-US': 'This worker has {count} open task(s) and cannot be deleted; disable the worker instead',
    },
  },
});
