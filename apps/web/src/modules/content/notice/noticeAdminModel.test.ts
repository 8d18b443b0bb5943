import { afterEach, describe, expect, it } from 'vitest';
import { setTimeZone } from '../../../shared/format/time';
import type { NoticeDetail } from './notice.api';
import {
  actionsFor,
  audienceOf,
  createBody,
  formProblem,
  formValuesOf,
  type NoticeFormValues,
  readPercent,
  readRatio,
  unitTree,
  withDayInstants,
} from './noticeAdminModel';

const form = (over: Partial<NoticeFormValues> = {}): NoticeFormValues => ({
  title: ' Water cut ',
  noticeBody: '<p>Friday</p>',
  audience: 'all',
  audienceRoleIds: [],
  audienceUnitIds: [],
  mode: 'now',
  ...over,
});

const notice = (over: Partial<NoticeDetail> = {}): NoticeDetail => ({
  noticeId: 5,
  id: 5,
  title: 'T',
  publishedDate: '2026-11-28T08:00:00.000Z',
  publishedByUser: 'admin',
  readFlag: 0,
  attachmentUuid: null,
  platformFlag: false,
  noticeContent: { noticeBody: '<p>b</p>' },
  statusCode: 'SCHEDULED',
  noticeCategoryCode: 'CLOUDFARM',
  receiverTypeCode: 'ANNOUNCE',
  objectVersionNumber: 3,
  attachments: [],
  audienceRoleIds: [2],
  audienceUnitIds: [],
  readCount: 0,
  audienceCount: 4,
  ...over,
});

const NOW = Date.parse('2026-11-27T00:00:00Z');

describe('announcement admin rules', () => {
  it('a published announcement is withdrawn before it can be deleted; only sent ones have receipts', () => {
    expect(actionsFor('PUBLISHED').has('delete')).toBe(false);
    expect(actionsFor('PUBLISHED').has('withdraw')).toBe(true);
    expect(actionsFor('DRAFT').has('delete')).toBe(true);
    expect(actionsFor('DRAFT').has('readers')).toBe(false);
    expect(actionsFor('WITHDRAWN').has('publish')).toBe(true);
    expect(actionsFor('SCHEDULED').has('withdraw')).toBe(true);
  });

  it('read counts read "12 / 40" in the interface language', () => {
    expect(readRatio({ readCount: 12, audienceCount: 40 }, 'en-US')).toBe('12 / 40');
    expect(readRatio({ readCount: 1200, audienceCount: 40000 }, 'en-US')).toBe('1,200 / 40,000');
    expect(readPercent({ readCount: 1, audienceCount: 3 })).toBe(33);
    expect(readPercent({ readCount: 0, audienceCount: 0 })).toBe(0);
  });

  it('the form refuses blanks, an empty chosen audience and a time not ahead', () => {
    expect(formProblem(form(), NOW)).toBeNull();
    expect(formProblem(form({ title: '  ' }), NOW)).toBe('titleBlank');
    expect(formProblem(form({ noticeBody: '<p> &nbsp;</p>' }), NOW)).toBe('bodyBlank');
    expect(formProblem(form({ noticeBody: '<p><img src="/x"></p>' }), NOW)).toBeNull();
    expect(formProblem(form({ audience: 'some' }), NOW)).toBe('audienceEmpty');
    expect(formProblem(form({ mode: 'schedule' }), NOW)).toBe('timeMissing');
    expect(formProblem(form({ mode: 'schedule', publishAt: '2026-11-26T23:59:00Z' }), NOW)).toBe('timePast');
    expect(formProblem(form({ mode: 'schedule', publishAt: '2026-11-27T00:01:00Z' }), NOW)).toBeNull();
  });

  it('the create body: whole tenant = no ids; schedule carries the time; a draft is not published', () => {
    const chosen = form({ audience: 'all', audienceRoleIds: [3], mode: 'draft' });
    expect(createBody(chosen, null)).toEqual({
      title: 'Water cut',
      noticeBody: '<p>Friday</p>',
      audienceRoleIds: [],
      audienceUnitIds: [],
      attachmentUuid: null,
    });
    const at = '2026-11-27T09:00:00+08:00';
    expect(
      createBody(form({ audience: 'some', audienceRoleIds: [3], mode: 'schedule', publishAt: at }), 'u'),
    ).toMatchObject({
      audienceRoleIds: [3],
      publish: true,
      publishAt: at,
      attachmentUuid: 'u',
    });
  });

  it('an edited scheduled notice starts with its time and audience', () => {
    const v = formValuesOf(notice());
    expect(v).toMatchObject({ mode: 'schedule', publishAt: '2026-11-28T08:00:00.000Z', audience: 'some' });
    expect(formValuesOf(undefined)).toMatchObject({ mode: 'draft', audience: 'all', title: '' });
  });

  it('audience names; platform and whole-tenant notices say so', () => {
    const options = {
      roles: [{ id: 2, code: 'farm-operator', nameZh: '农场操作员', nameEn: 'Farm operator' }],
      units: [
        { id: 10, name: 'North', parentId: null, organizationType: 'company' },
        { id: 11, name: 'Field team', parentId: 10, organizationType: 'department' },
      ],
    };
    expect(audienceOf(notice({ audienceUnitIds: [11, 99] }), options, 'en-US')).toEqual({
      kind: 'some',
      names: ['Farm operator', 'Field team', '#99'],
    });
    expect(audienceOf(notice(), options, 'zh-CN')).toEqual({ kind: 'some', names: ['农场操作员'] });
    expect(audienceOf(notice({ audienceRoleIds: [] }), options, 'en-US')).toEqual({ kind: 'all' });
    expect(audienceOf(notice({ platformFlag: true }), options, 'en-US')).toEqual({ kind: 'platform' });
    expect(unitTree(options.units)).toEqual([
      { value: 10, title: 'North', children: [{ value: 11, title: 'Field team', children: [] }] },
    ]);
  });
});

describe('date filter', () => {
  afterEach(() => setTimeZone(undefined));

  it('sends the tenant’s days as instants, whatever the browser’s zone', () => {
    setTimeZone('Asia/Shanghai');
    expect(
      withDayInstants({ page: 0, size: 10, dateFrom: '2026-11-01', dateTo: '2026-11-02', title: 'x' }),
    ).toEqual({
      page: 0,
      size: 10,
      title: 'x',
      dateFrom: '2026-11-01T00:00:00+08:00',
      dateTo: '2026-11-02T23:59:59+08:00',
    });
    setTimeZone('America/New_York');
    expect(withDayInstants({ page: 0, size: 10, dateFrom: '2026-11-01' }).dateFrom).toBe(
      '2026-11-01T00:00:00-04:00',
    );
    expect(withDayInstants({ page: 1, size: 10 })).toEqual({ page: 1, size: 10 });
  });
});
