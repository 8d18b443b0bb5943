import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/routes';

const files = import.meta.glob<Record<string, string>>('./*/*.json', { eager: true, import: 'default' });

const byLanguage = (language: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${language}/`))
      .map(([path, data]) => [path.slice(language.length + 3, -'.json'.length), data]),
  );

describe('locale files', () => {
  const zh = byLanguage('zh-CN');
  const en = byLanguage('en-US');

  it('exist for the same domains in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh)).toContain('common');
  });

  it('carry the same keys, each with a text', () => {
    for (const domain of Object.keys(zh)) {
      expect([domain, Object.keys(en[domain] ?? {}).sort()]).toEqual([
        domain,
        Object.keys(zh[domain] ?? {}).sort(),
      ]);
      for (const data of [zh[domain], en[domain]]) {
        for (const [key, text] of Object.entries(data ?? {}))
          expect([domain, key, typeof text, text !== '']).toEqual([domain, key, 'string', true]);
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    const holes = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const domain of Object.keys(zh)) {
      for (const [key, text] of Object.entries(zh[domain] ?? {})) {
        expect([domain, key, holes(en[domain]?.[key] ?? '')]).toEqual([domain, key, holes(text)]);
      }
    }
  });

  it('have every route title', () => {
    for (const route of ROUTES) {
      const [domain = '', key = ''] = route.title.split(':');
      expect([route.path, zh[domain]?.[key] !== undefined, en[domain]?.[key] !== undefined]).toEqual([
        route.path,
        true,
        true,
      ]);
    }
  });
});
