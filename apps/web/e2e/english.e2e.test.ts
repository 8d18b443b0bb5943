import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { settledScreenshot, settleLatestAnnouncement, signIn, waitForPath, withPage } from './helpers.js';

// The console in English, as the demo sees it (issue 12 item 4): every page of the menu the server gives
// demo shows no Chinese except what the demo stores in Chinese on purpose (bases, plots, devices, people,
// free-text logs…), and no label cut with "…" is left without its whole text as a tooltip.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

/** Han characters and the full-width punctuation that goes with them. */
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]+/gu;

// Names with an English twin in the catalogue: in English they must show the English name, so a Chinese
// one on screen is a bug, not user data, even though the catalogue stores it. Only the catalogue pages
// that edit them show the Chinese name, as such (its own column).
const CATALOGUE_NAMES = new Set(['cropName', 'typeName', 'taskTypeName']);
const CATALOGUE_PAGES = new Set(['/system/crop', '/system/taskType']);

interface Runs {
  /** Chinese runs of what the server answered: the demo's stored texts. */
  stored: Set<string>;
  /** Chinese crop and task-type names. */
  catalogue: Set<string>;
}

/** Every Chinese run of the texts of an API answer, catalogue names apart. */
const collectRuns = (value: unknown, key: string, into: Runs): void => {
  if (typeof value === 'string') {
    const set = CATALOGUE_NAMES.has(key) ? into.catalogue : into.stored;
    for (const run of value.match(CJK) ?? []) set.add(run);
  } else if (Array.isArray(value)) {
    for (const v of value) collectRuns(v, key, into);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectRuns(v, k, into);
  }
};

/**
 * Whether a Chinese run on screen is stored data: a stored run, or a part of one (a cut name, an avatar's
 * first character) that is not itself a catalogue name.
 */
const isPiece = (run: string, runs: Runs): boolean =>
  runs.stored.has(run) || (!runs.catalogue.has(run) && [...runs.stored].some((s) => s.includes(run)));

/** A stored piece, or stored pieces shown side by side ("1号大棚墒情站" + "蔬菜地电磁阀" in one line). */
const isStored = (run: string, runs: Runs): boolean => {
  const ok = [true];
  for (let end = 1; end <= run.length; end++) {
    ok[end] = false;
    for (let start = 0; start < end && !ok[end]; start++) {
      ok[end] = ok[start] === true && end - start >= 2 && isPiece(run.slice(start, end), runs);
    }
  }
  return isPiece(run, runs) || ok[run.length] === true;
};

interface MenuNode {
  name: string;
  route: string;
  subMenus: MenuNode[];
}

const leaves = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (n.subMenus.length > 0 ? leaves(n.subMenus) : [n]));

/** The menu demo may open in the current tenant, in English, from the server (as the shell reads it). */
const menuPages = (page: Page): Promise<MenuNode[]> =>
  page.evaluate(async () => {
    const res = await fetch('/iam/stong/v1/menus/tree', {
      headers: {
        Authorization: `Bearer ${localStorage.getItem('access_token')}`,
        'Accept-Language': 'en-US',
      },
    });
    return (await res.json()) as MenuNode[];
  });

/** Shows `path` inside the running console, as a menu click does (no reload). */
const openInApp = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForPath(page, path);
};

/** Waits until the page has not changed for 300 ms (at most 1.5 s: live pages never stand still). */
const settle = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(finish, 300);
        });
        const finish = () => {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(stop);
          done();
        };
        let quiet = setTimeout(finish, 300);
        const stop = setTimeout(finish, 1500);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );

/**
 * Labels shown cut (an ellipsis or a line clamp) or ending in "…", after the pointer went over each as a
 * person's would: each must then carry a title, its own or an ancestor's (the tooltip a browser shows).
 */
const untitledCuts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const visible = (el: HTMLElement) => el.offsetParent !== null && el.getClientRects().length > 0;
    const cut = (el: HTMLElement) => {
      const s = getComputedStyle(el);
      if (s.webkitLineClamp !== '' && s.webkitLineClamp !== 'none')
        return el.scrollHeight > el.clientHeight + 1;
      return s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
    };
    const ownText = (el: HTMLElement) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
    const found = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (el) => visible(el) && el.textContent?.trim() && (cut(el) || ownText(el).endsWith('…')),
    );
    const missing: string[] = [];
    for (const el of found) {
      el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      if (!el.closest('[title]')) missing.push(el.textContent?.trim().slice(0, 60) ?? '');
    }
    return missing;
  });

describe('English console', () => {
  it('shows no stray Chinese and no cut label without a tooltip on any menu page', async () => {
    await withPage(
      e,
      'english',
      async (page) => {
        const runs: Runs = { stored: new Set(), catalogue: new Set() };
        const own = new Set<string>();
        let english = false;
        // What the pages were answered once in English: their user texts are the Chinese allowed.
        page.on('response', async (res) => {
          if (!english || !(res.headers()['content-type'] ?? '').includes('application/json')) return;
          const body: unknown = await res.json().catch(() => undefined);
          collectRuns(body, '', runs);
        });
        await signIn(e, page, 'demo', 'demo1234');
        await settleLatestAnnouncement(page);
        english = true;
        await page.locator('.tl-header').getByRole('button', { name: 'EN', exact: true }).click();
        await page.getByRole('button', { name: 'Expand the menu' }).waitFor();

        const pages = leaves(await menuPages(page));
        expect(pages.length).toBeGreaterThan(50);
        const seen: [string, string][] = [];
        let visited = 0;
        const cuts: string[] = [];
        for (const entry of pages) {
          await openInApp(page, entry.route);
          await page
            .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, {
              timeout: 3000,
            })
            .catch(() => undefined);
          await settle(page);
          const text = await page.evaluate(() => document.body.innerText);
          // The language switch names each language in itself, on purpose.
          for (const run of (await page.locator('.tl-lang').allInnerTexts()).join(' ').match(CJK) ?? []) {
            own.add(run);
          }
          for (const run of text.match(CJK) ?? []) seen.push([entry.route, run]);
          for (const label of await untitledCuts(page)) cuts.push(`${entry.route}: ${label}`);
          // Kept-alive panes pile up otherwise: a reload starts the next pages from one tab.
          if (++visited % 20 === 0) await page.reload();
        }
        await settledScreenshot(page, 'english-last-page');
        // Judged at the end, once every answer has been read.
        const strays = seen
          .filter(([route, run]) => !CATALOGUE_PAGES.has(route) && !own.has(run) && !isStored(run, runs))
          .map(([route, run]) => `${route}: ${run}`);
        expect({ strays: [...new Set(strays)], cuts: [...new Set(cuts)] }).toEqual({ strays: [], cuts: [] });
      },
      { width: 1600, height: 900 },
    );
  }, 420_000);
});
