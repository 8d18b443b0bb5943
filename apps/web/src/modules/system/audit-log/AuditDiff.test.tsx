import { describe, expect, it } from 'vitest';
import { renderWithCodes } from '../../../test/renderWithCodes';
import { AuditDiff } from './AuditDiff';
import { AuditLogPage } from './AuditLogPage';
import { diffFields, valueText } from './auditDiff';
import { AUDIT_LOG_VIEW, auditLogKeys, type AuditLogPage as Page } from './auditLog.api';

describe('the before/after of an audit entry', () => {
  it('lists every field of either side and marks only the changed ones', () => {
    const rows = diffFields(
      { realName: 'Li', enabled: true, roles: ['A', 'B'] },
      { realName: 'Li', enabled: false, roles: ['A', 'B'], phone: '139' },
    );
    expect(rows).toEqual([
      { field: 'realName', before: 'Li', after: 'Li', changed: false },
      { field: 'enabled', before: true, after: false, changed: true },
      { field: 'roles', before: ['A', 'B'], after: ['A', 'B'], changed: false },
      { field: 'phone', before: undefined, after: '139', changed: true },
    ]);
  });

  it('shows a delete (no after) and a create (no before) as all changed; nothing on both sides as no rows', () => {
    expect(diffFields({ name: 'x' }, null)).toEqual([
      { field: 'name', before: 'x', after: undefined, changed: true },
    ]);
    expect(diffFields(null, { count: 3 })[0]?.changed).toBe(true);
    expect(diffFields(null, null)).toEqual([]);
    expect(valueText(['a', 'b'])).toBe('a, b');
    expect(valueText(null)).toBe('');
  });

  it('renders the changed field highlighted and the unchanged one plain', () => {
    const html = renderWithCodes(
      <AuditDiff before={{ enabled: true, realName: 'Li' }} after={{ enabled: false, realName: 'Li' }} />,
      {
        codes: [],
      },
    );
    expect(html).toContain('Before');
    expect(html).toMatch(/data-changed="true"[^>]*>enabled</);
    expect(html).toMatch(/data-changed="false"[^>]*>realName</);
    expect(html).toContain('tl-audit-diff-changed');
  });
});

describe('the audit log page', () => {
  const entry = {
    id: 1,
    at: '2026-11-26T01:00:00.000Z',
    actorKind: 'user',
    actorId: 5,
    actorName: 'adminA',
    ip: '10.0.0.8',
    userAgent: 'Firefox',
    action: 'user.disable',
    targetType: 'user',
    targetId: '9',
    targetName: 'Wang',
    before: { enabled: true },
    after: { enabled: false },
  };

  it('reads each action as a sentence, an unknown one as its code, and says when nothing matches', () => {
    const page: Page = {
      content: [entry, { ...entry, id: 2, action: 'thing.zap', targetName: null }],
      next: null,
    };
    const html = renderWithCodes(<AuditLogPage />, {
      codes: [AUDIT_LOG_VIEW],
      data: [[auditLogKeys.page(7, {}, ''), page]],
    });
    expect(html).toContain('Disabled user &quot;Wang&quot;');
    expect(html).toContain('thing.zap');
    expect(html).toContain('10.0.0.8');
    const empty = renderWithCodes(<AuditLogPage />, {
      codes: [AUDIT_LOG_VIEW],
      data: [[auditLogKeys.page(7, {}, ''), { content: [], next: null }]],
    });
    expect(empty).toContain('No audit entries match the filter');
  });
});
