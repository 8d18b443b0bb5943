import type { Article } from '@tilth/contracts/article.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticlePublisher } from '../article.jobs.js';
import { type ArticleHarness, articleHarness } from './article-helpers.js';

// Publishing without review: now, scheduled (the job publishes due ones once, after a restart too, never a
// withdrawn one), withdraw; and the server's sanitiser on hostile bodies.

let h: ArticleHarness;
beforeAll(async () => {
  h = await articleHarness();
});
afterAll(async () => {
  await h.s.close();
});

const quiet = () => ({ error: () => undefined });
/** A publisher as a fresh process would have it (nothing in memory but the database). */
const freshPublisher = () => new ArticlePublisher(h.s.platform, quiet);
const runOnce = async (p = freshPublisher()) => {
  await p.kick(h.tA);
  await p.stop();
};
/** Moves an article's scheduled time into the past (as if the time had come). */
const makeDue = (id: number, secondsAgo = 1) =>
  h.s.platform.database.withTenant(h.tA, (tx) =>
    tx.execute(
      sql`update content_articles set publish_at = now() - make_interval(secs => ${secondsAgo}) where id = ${id}`,
    ),
  );
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('publishing', () => {
  it('publishes now with a release time, once; an empty body cannot be published', async () => {
    const a = await h.draft('立即发布');
    const p = await h.ok<Article>('admin', 'POST', `articles/${a.id}/publish`, { objectVersionNumber: 1 });
    expect(p).toMatchObject({ status: 'published', publishAt: null });
    expect(Date.now() - Date.parse(p.uploadDate ?? '')).toBeLessThan(60_000);
    await h.refused(
      409,
      'wfpf.content.article.alreadyPublished',
      'admin',
      'POST',
      `articles/${a.id}/publish`,
      {
        objectVersionNumber: p.objectVersionNumber,
      },
    );
    const empty = await h.draft('空文章', { content: '<p>  </p><script>x</script>' });
    await h.refused(
      400,
      'wfpf.content.article.contentRequired',
      'admin',
      'POST',
      `articles/${empty.id}/publish`,
      {
        objectVersionNumber: 1,
      },
    );
    expect((await h.get(empty.id)).status).toBe('draft');
    const stale = await h.draft('过期版本');
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'POST', `articles/${stale.id}/publish`, {
      objectVersionNumber: 5,
    });
  });

  it('refuses a schedule in the past or over a year ahead, changing nothing', async () => {
    const a = await h.draft('定时校验');
    for (const [publishAt, code] of [
      [inSeconds(-60), 'wfpf.content.article.publishAtPast'],
      [inSeconds(400 * 86_400), 'wfpf.content.article.publishAtFar'],
    ] as const) {
      const e = await h.refused(400, code, 'admin', 'POST', `articles/${a.id}/schedule`, {
        objectVersionNumber: 1,
        publishAt,
      });
      expect(e.message).toContain('publishAt');
    }
    const bad = await h.refused(400, undefined, 'admin', 'POST', `articles/${a.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: 'tomorrow',
    });
    expect(bad.message).toContain('publishAt');
    expect(await h.get(a.id)).toMatchObject({ status: 'draft', objectVersionNumber: 1 });
  });

  it('the job publishes a due scheduled article once, at its scheduled time, and leaves one not due', async () => {
    const due = await h.draft('到期发布');
    const later = await h.draft('尚未到期');
    const s1 = await h.ok<Article>('admin', 'POST', `articles/${due.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: inSeconds(3600),
    });
    expect(s1).toMatchObject({ status: 'scheduled', uploadDate: null });
    await h.ok<Article>('admin', 'POST', `articles/${later.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: inSeconds(3600),
    });
    await runOnce();
    expect((await h.get(due.id)).status).toBe('scheduled');

    await makeDue(due.id, 5);
    const scheduledAt = (await h.get(due.id)).publishAt;
    // Two processes at once (a restart's sweep and a timer, say): published once.
    const p1 = freshPublisher();
    const p2 = freshPublisher();
    await Promise.all([p1.kick(h.tA), p2.kick(h.tA)]);
    await Promise.all([p1.stop(), p2.stop()]);
    const live = await h.get(due.id);
    expect(live).toMatchObject({ status: 'published', objectVersionNumber: s1.objectVersionNumber + 1 });
    expect(live.uploadDate).toBe(scheduledAt);
    await runOnce();
    expect((await h.get(due.id)).objectVersionNumber).toBe(live.objectVersionNumber);
    expect((await h.get(later.id)).status).toBe('scheduled');
  });

  it('never publishes a withdrawn schedule; publishing a scheduled one now drops the schedule', async () => {
    const a = await h.draft('撤回的定时');
    const s = await h.ok<Article>('admin', 'POST', `articles/${a.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: inSeconds(3600),
    });
    const w = await h.ok<Article>('admin', 'POST', `articles/${a.id}/withdraw`, {
      objectVersionNumber: s.objectVersionNumber,
    });
    expect(w).toMatchObject({ status: 'withdrawn', publishAt: null });
    await makeDue(a.id);
    await runOnce();
    expect((await h.get(a.id)).status).toBe('withdrawn');

    const b = await h.draft('提前发布');
    const sb = await h.ok<Article>('admin', 'POST', `articles/${b.id}/schedule`, {
      objectVersionNumber: 1,
      publishAt: inSeconds(3600),
    });
    const now = await h.ok<Article>('admin', 'POST', `articles/${b.id}/publish`, {
      objectVersionNumber: sb.objectVersionNumber,
    });
    expect(now).toMatchObject({ status: 'published', publishAt: null });
  });

  it('a timer set by the schedule publishes within seconds of its time', async () => {
    const p = freshPublisher();
    try {
      const a = await h.draft('准时发布');
      await h.ok<Article>('admin', 'POST', `articles/${a.id}/schedule`, {
        objectVersionNumber: 1,
        publishAt: inSeconds(1.5),
      });
      await expect.poll(async () => (await h.get(a.id)).status, { timeout: 10_000 }).toBe('published');
    } finally {
      await p.stop();
    }
  });

  it('withdraws a published article and refuses to withdraw a draft', async () => {
    const a = await h.draft('撤回');
    const p = await h.ok<Article>('admin', 'POST', `articles/${a.id}/publish`, { objectVersionNumber: 1 });
    const w = await h.ok<Article>('admin', 'POST', `articles/${a.id}/withdraw`, {
      objectVersionNumber: p.objectVersionNumber,
    });
    expect(w.status).toBe('withdrawn');
    const again = await h.ok<Article>('admin', 'POST', `articles/${a.id}/publish`, {
      objectVersionNumber: w.objectVersionNumber,
    });
    // Published again: it keeps its first release time.
    expect(again).toMatchObject({ status: 'published', uploadDate: p.uploadDate });
    const d = await h.draft('草稿不可撤回');
    await h.refused(409, 'wfpf.content.article.notLive', 'admin', 'POST', `articles/${d.id}/withdraw`, {
      objectVersionNumber: 1,
    });
  });
});

describe('hostile HTML is cleaned by the one sanitiser on every write', () => {
  const hostile: [string, (clean: string) => void][] = [
    ['<p>a<script>alert(1)</script>b</p>', (c) => expect(c).toBe('<p>ab</p>')],
    ['<img src="/x.jpg" onerror="alert(1)">', (c) => expect(c).not.toMatch(/onerror/i)],
    ['<p onclick="alert(1)" onmouseover="x()">t</p>', (c) => expect(c).toBe('<p>t</p>')],
    ['<a href="javascript:alert(1)">x</a>', (c) => expect(c).not.toMatch(/javascript:/i)],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', (c) => expect(c).not.toMatch(/javascript/i)],
    [
      '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
      (c) => expect(c).not.toMatch(/data:/i),
    ],
    [
      '<svg><script>alert(1)</script></svg><svg onload="alert(1)"></svg>',
      (c) => expect(c).not.toMatch(/svg|alert/i),
    ],
    ['<style>body{display:none}</style><p>t</p>', (c) => expect(c).toBe('<p>t</p>')],
    [
      '<p style="background:url(javascript:alert(1))">t</p>',
      (c) => expect(c).not.toMatch(/url\(|javascript/i),
    ],
    ['<iframe src="https://evil.example.com"></iframe><object data="x"></object>', (c) => expect(c).toBe('')],
    // A data: picture stays an img source (pictures never run script); its markup is escaped text.
    [
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
      (c) => expect(c).toBe('<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" />'),
    ],
    [
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      (c) => expect(c).not.toMatch(/onerror/i),
    ],
    [
      '<p style="text-align: center">居中</p>',
      (c) => expect(c).toBe('<p style="text-align:center">居中</p>'),
    ],
  ];
  it('on create, save and in revisions', async () => {
    for (const [html, check] of hostile) {
      const a = await h.draft('恶意 HTML', { content: html });
      check(a.content);
      const saved = await h.ok<Article>('admin', 'PUT', 'articles', {
        id: a.id,
        objectVersionNumber: a.objectVersionNumber,
        title: '恶意 HTML 2',
        content: `<p>前</p>${html}`,
      });
      check(saved.content.replace(/^<p>前<\/p>/, ''));
      const rev = await h.ok<{ content: string }>('admin', 'GET', `articles/${a.id}/revisions/2`);
      expect(rev.content).toBe(saved.content);
    }
  });

  it('keeps the editor’s own markup (headings, lists, quote, marks, links, images)', async () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p><ul><li><p>一</p></li></ul>' +
      '<ol><li><p>二</p></li></ol><blockquote><p>引用</p></blockquote>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.moa.gov.cn">链接</a></p>' +
      '<img src="/hfle/v1/1/files/abc" alt="图">';
    const a = await h.draft('编辑器格式', { content: html });
    for (const part of [
      '<h2>标题</h2>',
      '<strong>粗</strong>',
      '<u>下划线</u>',
      '<s>删除</s>',
      '<blockquote>',
      '<ol>',
    ]) {
      expect(a.content).toContain(part);
    }
    expect(a.content).toContain('href="https://www.moa.gov.cn"');
    expect(a.content).toContain('<img src="/hfle/v1/1/files/abc" alt="图" />');
  });
});
