import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsDone } from './helpers.js';

// Finding antd's controls the way a person sees them: a button by its text, a form field by its label, a
// dialog by its title, a select's option by its text. (farm.e2e.test.ts keeps its own copies.)

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (text: string): RegExp => new RegExp(`^${escapeRe(text)}$`);

/**
 * A button by its text: antd puts a space between the two characters of a two-character Chinese label, and
 * an icon in the button lends its own label ('plus') to the front of the name.
 */
export const button = (scope: Page | Locator, text: string): Locator =>
  scope.getByRole('button', {
    name: new RegExp(
      `(^|\\s)${[...text].length === 2 ? [...text].map(escapeRe).join('\\s?') : escapeRe(text)}$`,
    ),
  });

/** The form item with exactly this label, inside `scope`. */
export const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({
    has: scope
      .page()
      .locator('.ant-form-item-label label')
      .filter({ hasText: exactly(label) }),
  });

/** A dialog (modal or drawer) by its title, once it has finished opening. */
export const dialog = async (page: Page, title: string): Promise<Locator> => {
  const d = page.getByRole('dialog', { name: title });
  await d.waitFor();
  await animationsDone(d);
  return d;
};

/** The table rows holding this text. */
export const row = (scope: Page | Locator, text: string): Locator =>
  scope.locator('.ant-table-row').filter({ hasText: text });

/** The open select dropdown (closed ones stay in the page, hidden). */
export const openDropdown = (page: Page): Locator =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The texts of the open dropdown's options (a select's or a tree select's). */
export const optionTexts = async (page: Page): Promise<string[]> => {
  const list = openDropdown(page);
  await list.waitFor();
  return (await list.locator('.ant-select-item-option, .ant-select-tree-title').allInnerTexts()).map((s) =>
    s.trim(),
  );
};

/** Opens a select, types `search` when given, picks the option `text`, and closes it again. */
export const choose = async (select: Locator, text: string, search?: string): Promise<void> => {
  const page = select.page();
  await select.click();
  if (search) await page.keyboard.type(search);
  const option = openDropdown(page)
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: exactly(text) });
  await option.click();
  await expect.poll(() => select.textContent()).toContain(text);
  // A multiple select stays open after a pick.
  if (await openDropdown(page).isVisible()) await page.keyboard.press('Escape');
  await option.waitFor({ state: 'hidden' });
};

/** Empties an allowClear select with its clear icon (shown on hover). */
export const clearSelect = async (select: Locator): Promise<void> => {
  await select.hover();
  await select.locator('.ant-select-clear').click();
};
