import type { Article } from '@tilth/contracts/article.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, withdraw } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { type ArticleHarness, articleHarness } from './article-helpers.js';

// Review before publishing (issue 19 item 2): with a flow bound to 'article', publish and schedule submit
// for review; approval sets it live (or scheduled when its time is ahead), rejection sends it back with the
// reviewer's comment, editable again.

let h: ArticleHarness;
let approver = 0;
let admin = 0;
beforeAll(async () => {
  h = await articleHarness();
  approver = h.s.fixtures.users.operatorA.id;
  admin = h.s.fixtures.users.adminA.id;
  await bindModel(h.s, h.tA, 'article', {
    node: {
      id: 'editor-in-chief',
      kind: 'approval',
      name: '总编审核',
      mode: 'single',
      assignees: [{ type: 'user', userIds: [approver] }],
    },
  });
});
afterAll(async () => {
  await h.s.close();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('review before publishing', () => {
  it('publish goes to review, frozen meanwhile; approval makes it live', async () => {
    const a = await h.draft('需审核的文章');
    const r = await h.ok<Article>('admin', 'POST', `articles/${a.id}/publish`, { objectVersionNumber: 1 });
    expect(r).toMatchObject({ status: 'review', uploadDate: null });
    expect(r.approvalProcessId).toBeGreaterThan(0);
    await h.refused(409, 'wfpf.content.article.inReview', 'admin', 'PUT', 'articles', {
      id: a.id,
      objectVersionNumber: r.objectVersionNumber,
      title: '改',
      content: '<p>x</p>',
    });
    await h.refused(409, 'wfpf.content.article.inReview', 'admin', 'DELETE', `articles/${a.id}`);
    await h.refused(409, 'wfpf.content.article.inReview', 'admin', 'POST', `articles/${a.id}/publish`, {
      objectVersionNumber: r.objectVersionNumber,
    });
    expect((await h.get(a.id)).objectVersionNumber).toBe(r.objectVersionNumber);
    await decide(h.s, h.tA, approver, r.approvalProcessId ?? 0, 'approve');
    const live = await h.get(a.id);
    expect(live).toMatchObject({ status: 'published', reviewComment: null });
    expect(live.uploadDate).not.toBeNull();
  });

  it('a schedule approved before its time is scheduled; rejected goes back with the comment', async () => {
    const a = await h.draft('定时待审');
    const at = inSeconds(3600);
    const r = await h.ok<Article>('admin', 'POST', `articles/${a.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: at,
    });
    expect(r).toMatchObject({ status: 'review', publishAt: at });
    await decide(h.s, h.tA, approver, r.approvalProcessId ?? 0, 'approve');
    expect(await h.get(a.id)).toMatchObject({ status: 'scheduled', publishAt: at });

    const b = await h.draft('会被驳回');
    const rb = await h.ok<Article>('admin', 'POST', `articles/${b.id}/publish`, { objectVersionNumber: 1 });
    await decide(h.s, h.tA, approver, rb.approvalProcessId ?? 0, 'reject', '来源不明，请补充出处');
    const rejected = await h.get(b.id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      reviewComment: '来源不明，请补充出处',
      uploadDate: null,
    });
    const fixed = await h.ok<Article>('admin', 'PUT', 'articles', {
      id: b.id,
      objectVersionNumber: rejected.objectVersionNumber,
      title: '会被驳回（已补出处）',
      content: rejected.content,
      articleSource: '省农科院',
    });
    expect(fixed).toMatchObject({ status: 'rejected', revision: 2 });
    const again = await h.ok<Article>('admin', 'POST', `articles/${b.id}/publish`, {
      objectVersionNumber: fixed.objectVersionNumber,
    });
    expect(again).toMatchObject({ status: 'review', reviewComment: null });
    expect(again.approvalProcessId).not.toBe(rb.approvalProcessId);
  });

  it('the applicant withdrawing the approval puts it back to draft', async () => {
    const a = await h.draft('撤回审批');
    const r = await h.ok<Article>('admin', 'POST', `articles/${a.id}/publish`, { objectVersionNumber: 1 });
    await withdraw(h.s, h.tA, admin, r.approvalProcessId ?? 0);
    expect(await h.get(a.id)).toMatchObject({ status: 'draft', publishAt: null });
  });

  it('another tenant without a bound flow still publishes at once', async () => {
    const b = await h.draft('B 的文章', {}, 'adminB', h.tB);
    const p = await h.ok<Article>(
      'adminB',
      'POST',
      `articles/${b.id}/publish`,
      { objectVersionNumber: 1 },
      h.tB,
    );
    expect(p.status).toBe('published');
  });
});
