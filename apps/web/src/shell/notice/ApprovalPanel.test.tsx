import type { ProcessDetail } from '@tilth/contracts/workflow.types';
import Form from 'antd/es/form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../test/renderWithCodes';
import { CommentField } from './ApprovalDecisionModal';
import { ApprovalPanel } from './ApprovalPanel';
import { approvalKeys } from './approval.api';
import type { ApprovalTask, ApprovalView } from './approvalModel';
import { NOTICE_PERMISSION } from './noticeModel';
import { ProcessTimeline } from './ProcessTimeline';

const T = 7;

const row = (over: Partial<ApprovalTask>): ApprovalTask => ({
  id: 1,
  processId: 10,
  currentTaskId: 1,
  formName: 'Input receipt',
  formCode: 'RK-0001',
  submitName: 'Li Lei',
  startTime: '2026-11-25T08:00:00.000Z',
  currentTaskName: 'Base manager',
  taskState: 1,
  processState: 1,
  docType: 'agri_warehousing',
  thirdId: 5,
  objectVersionNumber: 1,
  dueTime: null,
  ...over,
});

const page = (content: ApprovalTask[]) => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});

const render = (view: ApprovalView, content: ApprovalTask[], codes: string[] = [NOTICE_PERMISSION]) =>
  textOf(
    renderWithCodes(
      <MemoryRouter>
        <ApprovalPanel tenantId={T} onClose={() => undefined} initialView={view} />
      </MemoryRouter>,
      { codes, tenantId: T, data: [[approvalKeys.list(T, view, 1, 10, undefined), page(content)]] },
    ),
  );

const count = (text: string, word: string) => text.split(word).length - 1;

describe('approval tab', () => {
  it('submitted by me: my processes with their state, no submitter column and no decisions', () => {
    const text = render('user_edit', [
      row({ id: 10, processState: 1, currentTaskId: null, taskState: null, objectVersionNumber: null }),
      row({ id: 11, formCode: 'RK-0002', processState: 4, currentTaskName: '' }),
    ]);
    expect(text).toContain('Submitted by me');
    expect(text).toContain('RK-0001');
    expect(text).toContain('RK-0002');
    expect(text).toContain('In approval');
    expect(text).toContain('Withdrawn');
    expect(text).not.toContain('Submitted by Li');
    expect(text).not.toContain('Li Lei');
    expect(text).toContain('Timeline');
    expect(text).toContain('View document');
    expect(text).not.toMatch(/\bApprove\b|\bReject\b/);
    // The start time in the locale's format (the tenant zone defaults to Asia/Shanghai).
    expect(text).toContain('Nov 25, 2026 16:00');
  });

  it('my approvals: approve and reject only on tasks below state 2', () => {
    const text = render('approval', [
      row({ id: 1, taskState: 1 }),
      row({ id: 2, formCode: 'RK-0002', taskState: 2 }),
      row({ id: 3, formCode: 'RK-0003', taskState: 3 }),
    ]);
    expect(text).toContain('Li Lei');
    expect(text).toContain('Not reviewed');
    expect(text).toContain('Reviewed');
    expect(text).toContain('Rejected');
    expect(count(text, 'Approve ')).toBe(1);
    expect(count(text, 'Reject ')).toBe(1);
  });

  it('copied to me: unread rows marked, no decisions', () => {
    const text = render('carbon_copy', [
      row({ id: 1, taskState: 1 }),
      row({ id: 2, taskState: 2, processState: 2 }),
    ]);
    expect(text).toContain('Copied to me');
    expect(count(text, 'Unread')).toBe(1);
    expect(text).toContain('Approved');
    expect(text).not.toMatch(/\bApprove\b|\bReject\b/);
  });

  it('an empty page says so, with the paginator', () => {
    const text = render('approval', []);
    expect(text).toContain('No related content yet');
    expect(text).toContain('0 in total');
    expect(text).toContain('10 / page');
  });

  it('offers Away / delegate to every approver (the picker asks approval-users, not the user administration)', () => {
    expect(render('approval', [], [NOTICE_PERMISSION])).toContain('Away / delegate');
  });
});

describe('approval dialog comment', () => {
  it('holds at most 200 characters and shows a counter', () => {
    const html = renderWithCodes(
      <Form>
        <CommentField label="Comment" />
      </Form>,
      { codes: [] },
    );
    expect(html.toLowerCase()).toContain('maxlength="200"');
    expect(textOf(html)).toContain('0 / 200');
  });
});

describe('process timeline', () => {
  it('shows the steps and who did what, when, with the comment and the time taken', () => {
    const detail = {
      steps: [
        { nodeId: 'a', name: 'Base manager', kind: 'approval', mode: 'or', status: 'done', lane: [] },
        { nodeId: 'b', name: 'Finance', kind: 'approval', mode: 'or', status: 'active', lane: [] },
      ],
      events: [
        {
          at: '2026-11-25T08:00:00.000Z',
          action: 'submit',
          actorName: 'Li Lei',
          nodeId: null,
          nodeName: null,
          comment: null,
          targetNames: [],
          tookMs: null,
        },
        {
          at: '2026-11-25T10:05:00.000Z',
          action: 'sendBack',
          actorName: 'Wang Fang',
          nodeId: 'a',
          nodeName: 'Base manager',
          comment: 'Wrong amount',
          targetNames: [],
          tookMs: 125 * 60_000,
        },
        {
          at: '2026-11-25T11:00:00.000Z',
          action: 'fallback',
          actorName: null,
          nodeId: 'b',
          nodeName: 'Finance',
          comment: null,
          targetNames: ['Admin'],
          tookMs: null,
        },
      ],
    } as unknown as ProcessDetail;
    const text = textOf(renderWithCodes(<ProcessTimeline detail={detail} />, { codes: [] }));
    expect(text).toContain('Base manager · done');
    expect(text).toContain('Finance · in progress');
    expect(text).toContain('Li Lei submitted');
    expect(text).toContain('Wang Fang sent back · Base manager');
    expect(text).toContain('Wrong amount');
    expect(text).toContain('took 2 h 5 min');
    expect(text).toContain('System nobody matched: passed to the administrator · Finance → Admin');
    expect(text).toContain('Nov 25, 2026 18:05');
  });
});
