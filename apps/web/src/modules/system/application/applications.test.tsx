import type { Page } from '@tilth/contracts/common.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../../test/renderWithCodes';
import { badAllowEntries } from './ApplicationFormModal';
import { ApplicationsPage } from './ApplicationsPage';
import { APPLICATION_CODES, type Application, applicationKeys } from './application.api';
import { SecretNotice } from './SecretModal';

// Issue 13 item 6: the secret is shown once with its warning and copy button; the list never has it, and
// each write shows only to holders of its code.

const T = 7;
const SECRET = 'tS8m1vW2q0Zf3yKx5LrN7pQ9uBc4dEa6gHj0iOk2lMn';
const app: Application = {
  id: 3,
  name: 'ERP link',
  description: 'Nightly stock sync',
  appId: 'app_7_0123456789abcdef01234567',
  scopes: ['wfpf.farm.farm.base', 'wfpf.farm.farm.land'],
  enabled: true,
  expiresAt: null,
  ipAllowList: ['10.0.0.0/8'],
  secretGeneration: 2,
  lastUsedAt: null,
  creationDate: '2026-11-01T00:00:00.000Z',
  lastUpdateDate: '2026-11-01T00:00:00.000Z',
  objectVersionNumber: 4,
};
const page = (content: Application[]): Page<Application> => ({
  content,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 10,
});
const listPage = (codes: readonly string[], rows = [app]) =>
  renderWithCodes(<ApplicationsPage />, {
    codes,
    tenantId: T,
    data: [[[...applicationKeys.list(T), 'page', {}, 0, 10], page(rows)]],
  });

describe('the secret shown once', () => {
  it('shows the client id, the secret, the only-once warning and a copy button', () => {
    const html = renderWithCodes(
      <SecretNotice revealed={{ appId: app.appId, name: app.name, secret: SECRET }} />,
      {
        codes: [],
      },
    );
    const text = textOf(html);
    expect(text).toContain(app.appId);
    expect(text).toContain(SECRET);
    expect(text).toMatch(/shown only this once/);
    expect(text).toContain('Copy secret');
    expect(html).toContain('data-testid="client-secret"');
  });

  it('is not on the page until a create or rotate answers one', () => {
    const html = listPage(Object.values(APPLICATION_CODES));
    expect(html).not.toContain('client-secret');
    expect(textOf(html)).not.toMatch(/shown only this once/);
  });
});

describe('the applications page', () => {
  it('lists applications to the view code alone, with no add, rotate, edit or delete', () => {
    const text = textOf(listPage([APPLICATION_CODES.view]));
    expect(text).toContain('ERP link');
    expect(text).toContain(app.appId);
    expect(text).toContain('10.0.0.0/8');
    expect(text).toContain('Enabled');
    expect(text).not.toMatch(/Add application|Rotate secret|\bEdit\b|\bDelete\b/);
  });

  it('shows every action to holders of the write codes', () => {
    const text = textOf(listPage(Object.values(APPLICATION_CODES)));
    expect(text).toMatch(/Add application/);
    expect(text).toMatch(/Rotate secret/);
    expect(text).toMatch(/\bEdit\b/);
    expect(text).toMatch(/\bDelete\b/);
  });

  it('says so when there are none', () => {
    expect(textOf(listPage([APPLICATION_CODES.view], []))).toContain('No applications yet');
  });
});

describe('the allow-list editor', () => {
  it('accepts IPv4 and IPv6 addresses and blocks and names the rest', () => {
    expect(badAllowEntries(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1'])).toEqual([]);
    expect(badAllowEntries(['10.0.0.0/33', 'example.com', '1.2.3', '2001:db8::/129'])).toEqual([
      '10.0.0.0/33',
      'example.com',
      '1.2.3',
      '2001:db8::/129',
    ]);
  });
});
