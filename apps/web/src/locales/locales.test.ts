import { MENUS, type MenuNodeDef } from '@tilth/contracts/menus';
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

  it('count nouns with plural keys in English (issue 12 item 4)', () => {
    // "{{count}} tasks" reads "1 tasks" unless the key has _one/_other forms (i18next plurals on `count`).
    // A limit ({{max}}, {{min}}) or a name placed before a noun is not a count.
    const numberBeforeNoun = /\{\{(?!max\}|min\}|type\}|name\})\w+\}\} (?:[a-z]+ )?[a-z]{2,}s\b|\w\(s\)/;
    for (const domain of Object.keys(en)) {
      const keys = Object.keys(en[domain] ?? {});
      for (const [key, text] of Object.entries(en[domain] ?? {})) {
        const plural = /_(one|other)$/.exec(key);
        if (plural) {
          const stem = key.slice(0, -plural[0].length);
          expect([domain, key, keys.includes(`${stem}_one`) && keys.includes(`${stem}_other`)]).toEqual([
            domain,
            key,
            true,
          ]);
        } else expect([domain, key, numberBeforeNoun.test(text)]).toEqual([domain, key, false]);
      }
    }
  });

  it('title each page as its menu entry names it (one name per thing)', () => {
    const leaves = (nodes: readonly MenuNodeDef[]): MenuNodeDef[] =>
      nodes.flatMap((n) => (n.subMenus ? leaves(n.subMenus) : [n]));
    const differ: string[] = [];
    let compared = 0;
    for (const leaf of Object.values(MENUS).flatMap(leaves)) {
      const route = ROUTES.find((r) => r.path === leaf.route);
      if (!route) continue;
      compared++;
      const [domain = '', key = ''] = route.title.split(':');
      for (const [language, data] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const title = data[domain]?.[key];
        if (title !== leaf.name[language])
          differ.push(`${language} ${leaf.route}: menu "${leaf.name[language]}", page "${title}"`);
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });
});
