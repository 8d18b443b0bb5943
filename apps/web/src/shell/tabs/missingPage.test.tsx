import type { MenuNode } from '@tilth/contracts/menus';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithCodes, textOf } from '../../test/renderWithCodes';
import { MissingPage, missingPageKind } from './missingPage';

// Issue 12 item 8: a page that exists but is not the user's always says "no permission", never 404; the
// 404 inside the shell offers back and home.

const leaf = (route: string): MenuNode => ({
  name: route,
  route,
  icon: 'HomeOutlined',
  viewCode: route,
  isNew: 0,
  isHot: 0,
  subMenus: [],
});

describe('a path inside the shell with no page', () => {
  // A catalogue entry with no page yet (see app/pageCatalogue.test.ts).
  const traceIndex = '/web/trace/index';

  it('is "no related content yet" when the menu lists it', () => {
    expect(missingPageKind([leaf(traceIndex)], traceIndex)).toBe('noData');
  });

  it('is "no permission" when the catalogue has it but the user\'s menu does not', () => {
    expect(missingPageKind([], traceIndex)).toBe('noPermission');
    expect(missingPageKind([leaf('/web/farm/home')], '/system/role')).toBe('noPermission');
  });

  it('is "page not found" for anything else', () => {
    expect(missingPageKind([leaf('/web/farm/home')], '/web/no/such/page')).toBe('notFound');
    expect(missingPageKind([], '/web/trace/index/extra')).toBe('notFound');
  });

  it('offers back and home on "page not found", only the message on "no permission"', () => {
    const render = (kind: 'notFound' | 'noPermission') =>
      textOf(
        renderWithCodes(
          <MemoryRouter>
            <MissingPage kind={kind} home="/web/farm/home" />
          </MemoryRouter>,
          { codes: [] },
        ),
      );
    const notFound = render('notFound');
    expect(notFound).toContain('Page not found');
    expect(notFound).toContain('Back');
    expect(notFound).toContain('Back to home');
    const refused = render('noPermission');
    expect(refused).toContain('No permission to access this page');
    expect(refused).not.toContain('Back');
  });
});
