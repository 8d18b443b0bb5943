import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { DataPushPage } from './DataPushPage';
import { PUSH_CODES, type PushSubscription, pushKeys } from './push.api';

const T = 7;
const sub: PushSubscription = {
  id: 3,
  name: 'Data hub',
  url: 'https://example.com/tilth-hook',
  eventTypes: ['alarm.raised', 'task.finished'],
  enabled: false,
  pending: 0,
  delivered: 5,
  failed: 1,
  lastDeliveredAt: '2026-01-01T10:00:00.000Z',
  objectVersionNumber: 1,
  creationDate: '2026-01-01T00:00:00.000Z',
  lastUpdateDate: '2026-01-01T00:00:00.000Z',
};

const page = (codes: readonly string[], content: PushSubscription[]) =>
  textOf(
    renderWithCodes(<DataPushPage />, {
      codes,
      tenantId: T,
      data: [
        [
          [...pushKeys.list(T), 'page', {}, 0, 10],
          { content, totalElements: content.length, totalPages: 1, number: 0, size: 10 },
        ],
      ],
    }),
  );

describe('data push page', () => {
  it('the view code shows the list and its log link, without add, edit, test or delete', () => {
    const view = page(['wfpf.company.system.dataPush'], [sub]);
    expect(view).toContain('https://example.com/tilth-hook');
    expect(view).toContain('Alarm raised');
    expect(view).toContain('Task finished');
    expect(view).toContain('Delivery log');
    expect(view).not.toContain('Add subscription');
    expect(view).not.toMatch(/\bEdit\b|\bDelete\b|Push test|New secret/);
    const all = page(['wfpf.company.system.dataPush', ...Object.values(PUSH_CODES)], [sub]);
    expect(all).toContain('Add subscription');
    expect(all).toMatch(/\bEdit\b/);
    expect(all).toContain('Push test');
    expect(all).toMatch(/\bDelete\b/);
  });

  it('an empty list says so', () => {
    expect(page(['wfpf.company.system.dataPush'], [])).toContain('No data push subscriptions yet');
  });
});
