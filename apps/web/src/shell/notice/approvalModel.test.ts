import { EVENT_ACTIONS, type ProcessDetail } from '@tilth/contracts/workflow.types';
import { describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_VIEWS,
  type ApprovalTask,
  approvalBusinessPath,
  approvalListRequest,
  approvalStateOf,
  approvalStatuses,
  canReview,
  commentOf,
  delegationBody,
  formatDuration,
  isUnreadCc,
  openBusiness,
  rejectOptions,
  singleFlight,
  stepLines,
  withApprovalCounts,
} from './approvalModel';

const locales = import.meta.glob<Record<string, string>>('../../locales/*/notice.json', {
  eager: true,
  import: 'default',
});
const enUS = locales['../../locales/en-US/notice.json'] ?? {};
const zhCN = locales['../../locales/zh-CN/notice.json'] ?? {};

const row = (over: Partial<ApprovalTask> = {}): ApprovalTask => ({
  id: 1,
  processId: 10,
  currentTaskId: 1,
  formName: 'Input receipt',
  formCode: 'RK-1',
  submitName: 'Li',
  startTime: '2026-11-25T08:00:00.000Z',
  currentTaskName: 'Manager',
  taskState: 1,
  processState: 1,
  docType: 'agri_warehousing',
  thirdId: 5,
  objectVersionNumber: 1,
  dueTime: null,
  ...over,
});

describe('approval views and states', () => {
  it('filters submitted by me on the process state, my approvals on the task state, CC on read', () => {
    expect(APPROVAL_VIEWS).toEqual(['user_edit', 'approval', 'carbon_copy']);
    expect(approvalStatuses('user_edit').map((s) => [s.value, s.key])).toEqual([
      [1, 'inApproval'],
      [2, 'finished'],
      [3, 'rejected'],
      [4, 'withdrawn'],
    ]);
    expect(approvalStatuses('approval').map((s) => [s.value, s.key])).toEqual([
      [1, 'notReviewed'],
      [2, 'reviewed'],
      [3, 'rejected'],
    ]);
    expect(approvalStatuses('carbon_copy').map((s) => [s.value, s.key])).toEqual([
      [1, 'unread'],
      [2, 'read'],
    ]);
  });

  it('asks each view its own call with the status as the right parameter', () => {
    expect(approvalListRequest('user_edit', 2, 20, 3)).toEqual({
      path: 'approval-process/query/page',
      query: { page: 1, size: 20, processState: 3 },
    });
    expect(approvalListRequest('approval', 1, 10, 1)).toEqual({
      path: 'approval-task/query/page',
      query: { page: 0, size: 10, taskType: 'approval', taskState: 1 },
    });
    expect(approvalListRequest('carbon_copy', 1, 10, undefined)).toEqual({
      path: 'approval-task/query/page',
      query: { page: 0, size: 10, taskType: 'carbon_copy', taskState: undefined },
    });
  });

  it('shows the task state in my approvals and the process state elsewhere, as coloured tags', () => {
    const r = row({ taskState: 3, processState: 2 });
    expect(approvalStateOf('approval', r)).toMatchObject({ key: 'rejected', color: 'error' });
    expect(approvalStateOf('user_edit', r)).toMatchObject({ key: 'finished', color: 'success' });
    expect(approvalStateOf('carbon_copy', r)).toMatchObject({ key: 'finished' });
    expect(approvalStateOf('approval', row({ taskState: 5 }))?.key).toBe('transferred');
    expect(approvalStateOf('approval', row({ taskState: 9 }))).toBeNull();
  });

  it('offers approve and reject only in my approvals below task state 2', () => {
    expect(canReview('approval', { taskState: 1 })).toBe(true);
    expect(canReview('approval', { taskState: 0 })).toBe(true);
    expect(canReview('approval', { taskState: 2 })).toBe(false);
    expect(canReview('approval', { taskState: 3 })).toBe(false);
    expect(canReview('approval', { taskState: null })).toBe(false);
    expect(canReview('user_edit', { taskState: 1 })).toBe(false);
    expect(canReview('carbon_copy', { taskState: 1 })).toBe(false);
  });

  it('marks only unread CC rows', () => {
    expect(isUnreadCc('carbon_copy', { taskState: 1 })).toBe(true);
    expect(isUnreadCc('carbon_copy', { taskState: 2 })).toBe(false);
    expect(isUnreadCc('approval', { taskState: 1 })).toBe(false);
  });
});

describe('approval actions', () => {
  it('ignores a second submit while the first is in flight (two clicks, one request)', async () => {
    let release: () => void = () => undefined;
    const request = vi.fn(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    const submit = singleFlight(request);
    const first = submit();
    const second = submit();
    expect(request).toHaveBeenCalledTimes(1);
    release();
    expect(await first).toBe('done');
    expect(await second).toBeUndefined();
    // Once settled, a new submit goes through (e.g. a retry after a failure).
    const third = submit();
    expect(request).toHaveBeenCalledTimes(2);
    release();
    await third;
  });

  it('lets a retry through after a failed request', async () => {
    const request = vi.fn().mockRejectedValueOnce(new Error('409')).mockResolvedValueOnce('ok');
    const submit = singleFlight(request);
    await expect(submit()).rejects.toThrow('409');
    await expect(submit()).resolves.toBe('ok');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('sends a comment of at most 200 characters, none when blank', () => {
    expect(commentOf('  ok  ')).toBe('ok');
    expect(commentOf('   ')).toBeUndefined();
    expect(commentOf(undefined)).toBeUndefined();
    expect([...(commentOf('审'.repeat(250)) ?? '')]).toHaveLength(200);
  });

  it('offers the applicant, the previous step and the earlier steps as reject targets', () => {
    expect(rejectOptions(undefined).map((o) => o.target)).toEqual(['applicant', 'previous']);
    const detail = {
      rejectTargets: [
        { target: 'applicant', name: 'Applicant' },
        { target: 'node:a1', name: 'Manager' },
        { target: 'node:a1', name: 'Manager' },
        { target: 'bogus', name: 'x' },
      ],
    } as Pick<ProcessDetail, 'rejectTargets'>;
    expect(rejectOptions(detail)).toEqual([
      { target: 'applicant', name: null },
      { target: 'previous', name: null },
      { target: 'node:a1', name: 'Manager' },
    ]);
  });

  it('opens the business object replacing the history entry, then closes the modal', async () => {
    const order: string[] = [];
    const navigate = vi.fn(() => order.push('navigate'));
    const close = vi.fn(() => order.push('close'));
    const load = vi.fn(async () => ({ thirdId: 42, infoPath: '/inventory/prment/inventory_form/info/42' }));
    await openBusiness(10, { load, navigate, close });
    expect(load).toHaveBeenCalledWith(10);
    expect(navigate).toHaveBeenCalledWith('/inventory/prment/inventory_form/info/42', { replace: true });
    expect(order).toEqual(['navigate', 'close']);
  });

  it('falls back to the stocktake page without an infoPath and moves nowhere when the lookup fails', async () => {
    const navigate = vi.fn();
    const close = vi.fn();
    await openBusiness(1, { load: async () => ({ thirdId: 7, infoPath: '' }), navigate, close });
    expect(navigate).toHaveBeenCalledWith(approvalBusinessPath(7), { replace: true });
    navigate.mockClear();
    close.mockClear();
    const load = async () => Promise.reject(new Error('403'));
    await expect(openBusiness(1, { load, navigate, close })).rejects.toThrow('403');
    expect(navigate).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('builds a delegation with instants and an optional remark', () => {
    const range: [string, string] = ['2026-12-01T08:00:00+08:00', '2026-12-05T18:00:00+08:00'];
    expect(delegationBody(3, range, '  ')).toEqual({ delegateId: 3, startTime: range[0], endTime: range[1] });
    expect(delegationBody(3, range, ' trip ').remark).toBe('trip');
  });
});

describe('bell and timeline', () => {
  it('counts my pending approvals and unread CC on the approval tab', () => {
    const notice = { announce: 2, notify: 1, approve: 0 };
    expect(withApprovalCounts(notice, { approval: 3, carbonCopy: 2 })).toEqual({
      announce: 2,
      notify: 1,
      approve: 5,
    });
    expect(withApprovalCounts(notice, undefined)).toBe(notice);
    expect(withApprovalCounts(undefined, { approval: 1, carbonCopy: -4 })).toEqual({
      announce: 0,
      notify: 0,
      approve: 1,
    });
  });

  it('formats the time taken in both languages', () => {
    const min = 60_000;
    expect(formatDuration(125 * min, 'en-US')).toBe('2 h 5 min');
    expect(formatDuration(125 * min, 'zh-CN')).toBe('2小时5分');
    expect(formatDuration(30_000, 'en-US')).toBe('< 1 min');
    expect(formatDuration(30_000, 'zh-CN')).toBe('不到1分钟');
    expect(formatDuration((26 * 60 + 7) * min, 'en-US')).toBe('1 d 2 h');
    expect(formatDuration(45 * min, 'zh-CN')).toBe('45分');
    expect(formatDuration(null, 'en-US')).toBe('');
  });

  it('puts parallel branches side by side and keeps the main line in order', () => {
    const step = (nodeId: string, lane: string[]) => ({
      nodeId,
      name: nodeId,
      kind: 'approval' as const,
      mode: null,
      status: 'later' as const,
      lane,
    });
    const blocks = stepLines([
      step('a', []),
      step('b1', ['par1:x']),
      step('c1', ['par1:y']),
      step('b2', ['par1:x']),
      step('d', []),
      step('e', ['par2:x']),
    ]);
    expect(blocks.map((b) => b.map((l) => l.steps.map((s) => s.nodeId)))).toEqual([
      [['a']],
      [['b1', 'b2'], ['c1']],
      [['d']],
      [['e']],
    ]);
  });

  it('names every state, step status and event in both languages', () => {
    const keys = [
      ...APPROVAL_VIEWS.flatMap((v) => approvalStatuses(v).map((s) => `notice.approval.state.${s.key}`)),
      ...[0, 1, 2, 3, 4, 5].map(
        (n) => `notice.approval.state.${approvalStateOf('approval', row({ taskState: n }))?.key}`,
      ),
      ...['done', 'active', 'later'].map((s) => `notice.approval.step.${s}`),
      ...EVENT_ACTIONS.map((a) => `notice.approval.event.${a}`),
    ];
    for (const key of keys) {
      expect(enUS[key], key).toBeTruthy();
      expect(zhCN[key], key).toBeTruthy();
    }
  });
});
