import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/rows.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { insertFile } from '../file/index.js';
import { sanitizeNoticeHtml } from './html.sanitize.js';
import * as repo from './notice.repository.js';
import { noticeReads, notices } from './notice.tables.js';

// The announcements admin's demo (issue 19 item 1): in the demo tenant, a tenant-wide announcement with an
// attachment (read by most), one for the base inspectors only, one scheduled for tomorrow 08:00 and a draft.
// The published ones are dated days back, so the platform's announcement stays the newest (the console's
// latest-announcement modal and the stories that expect it), and the demo logins have read them, so their
// unread counts stay what they were.

const DAY_MS = 86_400_000;
const WIDE = '春耕备耕安排 / Spring planting plan';

const ATTACHMENT =
  '春耕备耕安排 / Spring planting plan\n\n' +
  '1. 3月1日前完成番禺示范基地土壤检测 / Soil tests at Panyu demo base by 1 March\n' +
  '2. 3月5日起水稻育秧 / Rice seedlings from 5 March\n' +
  '3. 农资入库验收：种子、复合肥 / Receive inputs: seed, compound fertiliser\n';

const roleId = async (platform: Platform, tenantId: number, code: string): Promise<number | undefined> => {
  const rows = await platform.database.withTenant(tenantId, async (tx) =>
    rowsOf<{ id: string | number }>(
      await tx.execute(sql`select id from roles where tenant_id = ${tenantId} and code = ${code}`),
    ),
  );
  return rows[0] ? Number(rows[0].id) : undefined;
};

/** Seeds the demo announcements once (found by title); answers whether it wrote them. */
export const seedDemoNotices = async (
  platform: Platform,
  tenantId: number,
  userId: number,
): Promise<boolean> => {
  const inspectors =
    (await roleId(platform, tenantId, 'base-inspector')) ??
    (await roleId(platform, tenantId, 'farm-operator'));
  return platform.database.withTenant(tenantId, async (tx) => {
    const [seen] = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.tenantId, tenantId), eq(notices.title, WIDE)));
    if (seen) return false;
    const now = Date.now();
    const by = { publishedBy: userId, publishedByUser: '演示管理员' };
    const base = { noticeCategoryCode: 'CLOUDFARM', receiverTypeCode: 'ANNOUNCE', audienceUnitIds: [] };

    const fileId = randomUUID();
    const attachmentUuid = randomUUID();
    const body = Buffer.from(ATTACHMENT, 'utf8');
    const storageKey = `${tenantId}/notice/demo/${fileId}`;
    await platform.storage.put(storageKey, Readable.from([body]));
    await insertFile(tx, {
      tenantId,
      id: fileId,
      attachmentUuid,
      bucketName: 'notice',
      fileName: '春耕备耕安排.txt',
      contentType: 'text/plain',
      fileSize: body.length,
      storageKey,
      createdBy: userId,
    });
    const wide = await repo.insertNotice(
      tx,
      tenantId,
      userId,
      {
        ...base,
        title: WIDE,
        noticeBody: sanitizeNoticeHtml(
          '<h2>春耕备耕安排</h2><p>各基地请按附件安排完成土壤检测、育秧和农资入库。</p>' +
            '<p>Each base: soil tests, seedlings and inputs as the attached plan says.</p>',
        ),
        attachmentUuid,
        audienceRoleIds: [],
      },
      { ...by, publishedDate: new Date(now - 3 * DAY_MS) },
    );
    // Everyone but the inspectors has read it: the receipts show who has not.
    const inspectorIds = inspectors
      ? rowsOf<{ user_id: string | number }>(
          await tx.execute(
            sql`select user_id from user_roles where tenant_id = ${tenantId} and role_id = ${inspectors}`,
          ),
        ).map((r) => Number(r.user_id))
      : [];
    const members = rowsOf<{ user_id: string | number }>(
      await tx.execute(sql`select user_id from memberships where tenant_id = ${tenantId} and enabled`),
    ).map((r) => Number(r.user_id));
    const readers = members.filter((u) => !inspectorIds.includes(u));
    if (readers.length > 0)
      await tx
        .insert(noticeReads)
        .values(
          readers.map((u, i) => ({
            tenantId,
            userId: u,
            noticeTenantId: tenantId,
            noticeId: wide,
            readDate: new Date(now - 3 * DAY_MS + (i + 1) * 3_600_000),
          })),
        )
        .onConflictDoNothing();

    if (inspectors)
      await repo.insertNotice(
        tx,
        tenantId,
        userId,
        {
          ...base,
          title: '巡查员：本周田间巡查重点 / Inspectors: this week’s field checks',
          noticeBody: sanitizeNoticeHtml(
            '<p>重点查看稻飞虱和纹枯病，发现后在巡查记录中拍照上报。</p>' +
              '<p>Look for planthoppers and sheath blight; report with photos in the inspection log.</p>',
          ),
          attachmentUuid: null,
          audienceRoleIds: [inspectors],
        },
        { ...by, publishedDate: new Date(now - DAY_MS) },
      );

    const tomorrow8 = new Date(Math.ceil((now + 8 * 3_600_000) / DAY_MS) * DAY_MS); // 08:00 China time
    await repo.insertNotice(
      tx,
      tenantId,
      userId,
      {
        ...base,
        title: '明日停水通知 / Water cut tomorrow',
        noticeBody: sanitizeNoticeHtml(
          '<p>明日 9:00–12:00 灌溉主管道检修，请提前储水。</p><p>Irrigation main under repair 9:00–12:00: store water ahead.</p>',
        ),
        attachmentUuid: null,
        audienceRoleIds: [],
      },
      { ...by, publishedDate: tomorrow8 },
    );

    await repo.insertNotice(
      tx,
      tenantId,
      userId,
      {
        ...base,
        title: '秋收总结（草稿）/ Harvest review (draft)',
        noticeBody: sanitizeNoticeHtml('<p>待补充各基地产量数据。</p><p>Yields per base to be added.</p>'),
        attachmentUuid: null,
        audienceRoleIds: [],
      },
      null,
    );
    return true;
  });
};

/** Runs seedDemoNotices in the background after start-up (the demo users and roles exist by then). */
export const seedDemoNoticesLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    (async () => {
      const rows = await platform.database.withTenant(tenantId, async (tx) =>
        rowsOf<{ id: string | number }>(
          await tx.execute(sql`select u.id from users u join memberships m on m.user_id = u.id
            where m.tenant_id = ${tenantId} and u.login_name = 'demo'`),
        ),
      );
      if (rows[0]) await seedDemoNotices(platform, tenantId, Number(rows[0].id));
    })().catch((err: unknown) => log().error({ err }, 'demo announcements failed'));
  }, 1_500).unref();
};
