import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layout rules of docs/architecture.md (ADR 0009) run on the real tree, and each rule is shown to
// fire on a scratch tree that breaks it, so a rule that silently matches nothing cannot pass.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

const cruise = async (cwd: string, dirs: string[]): Promise<Violation[]> => {
  const args = [cli, ...dirs, '--config', path.join(cwd, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  // A non-zero exit only means violations were found; the JSON still comes on stdout.
  const out = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  const json = JSON.parse(out.stdout) as { summary: { violations: Violation[] } };
  return json.summary.violations;
};

describe('layout rules', () => {
  it('the server and the console keep every rule', { timeout: 120_000 }, async () => {
    const violations = await cruise(root, ['apps/server/src', 'apps/web/src']);
    const errors = violations.filter((v) => v.rule.severity === 'error');
    expect(errors.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  describe('a scratch tree that breaks each rule', () => {
    let dir = '';
    const files: Record<string, string> = {
      'apps/server/src/platform/http/p.ts':
        "import { lookup } from '../../modules/farm/area/area.repository.js';\nexport const p = lookup;\n",
      'apps/server/src/modules/farm/area/area.repository.ts': 'export const lookup = 1;\n',
      'apps/server/src/modules/farm/area/area.tables.ts': 'export const areas = 1;\n',
      'apps/server/src/modules/farm/area/area.service.ts':
        "import { start } from '../../../app/server.js';\nexport const a = start;\n",
      'apps/server/src/app/server.ts':
        "import { lookup } from '../modules/farm/area/index.js';\nexport const start = lookup;\n",
      'apps/server/src/modules/farm/area/index.ts':
        "export { areas } from './area.tables.js';\nexport { lookup } from './area.repository.js';\n",
      // Allowed: through the index, and a table naming another domain's table.
      'apps/server/src/modules/farm/land/land.service.ts':
        "import { lookup } from '../area/index.js';\nexport const s = lookup;\n",
      'apps/server/src/modules/farm/land/land.tables.ts':
        "import { areas } from '../area/area.tables.js';\nexport const lands = areas;\n",
      // Refused: another domain's repository, and a table file reaching past tables.
      'apps/server/src/modules/iot/device/device.service.ts':
        "import { lookup } from '../../farm/area/area.repository.js';\nexport const d = lookup;\n",
      'apps/server/src/modules/iot/device/device.tables.ts':
        "import { lookup } from '../../farm/area/area.repository.js';\nexport const devices = lookup;\n",
      'apps/server/src/modules/iot/device/index.ts': "export { d } from './device.service.js';\n",
      // Refused: a lower context importing a higher one (farm < iot), and demo reaching past an index.
      'apps/server/src/modules/farm/plan/plan.service.ts':
        "import { d } from '../../iot/device/index.js';\nexport const p = d;\n",
      'apps/server/src/modules/demo/demo.seed.ts':
        "import { lookup } from '../farm/area/area.repository.js';\nexport const seed = lookup;\n",
      'apps/web/src/shell/Shell.tsx':
        "import { api } from '../modules/account/api.js';\nexport const shell = api;\n",
      'apps/web/src/modules/account/api.ts': 'export const api = 1;\n',
    };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'tilth-layout-'));
      await cp(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), text);
      }
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('reports exactly the wrong imports, each under its rule', { timeout: 60_000 }, async () => {
      const violations = await cruise(dir, ['apps']);
      const found = violations
        .filter((v) => v.rule.severity === 'error')
        .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
        .sort();
      const S = 'apps/server/src';
      expect(found).toEqual(
        [
          `context-order-farm: ${S}/modules/farm/plan/plan.service.ts → ${S}/modules/iot/device/index.ts`,
          `modules-below-the-app: ${S}/modules/farm/area/area.service.ts → ${S}/app/server.ts`,
          `demo-through-domain-indexes: ${S}/modules/demo/demo.seed.ts → ${S}/modules/farm/area/area.repository.ts`,
          `other-domains-through-their-index: ${S}/modules/iot/device/device.service.ts → ${S}/modules/farm/area/area.repository.ts`,
          `platform-is-the-bottom-layer: ${S}/platform/http/p.ts → ${S}/modules/farm/area/area.repository.ts`,
          `tables-name-only-tables: ${S}/modules/iot/device/device.tables.ts → ${S}/modules/farm/area/area.repository.ts`,
          'web-shell-and-shared-import-no-module: apps/web/src/shell/Shell.tsx → apps/web/src/modules/account/api.ts',
        ].sort(),
      );
    });
  });
});

describe('docs/architecture.md', () => {
  it('shows the import graph the code has today', { timeout: 60_000 }, async () => {
    const { committedGraph, layoutGraph } = (await import(path.join(root, 'scripts/layout-graph.mjs'))) as {
      committedGraph: () => string;
      layoutGraph: () => string;
    };
    // Stale? Run `npm run layout:graph` and commit the diagram.
    expect(committedGraph()).toBe(layoutGraph());
  });
});

describe('writes only by the owner (ADR 0009)', () => {
  it('no production file inserts, updates or deletes a table it imported from another domain', async () => {
    const modules = path.join(root, 'apps/server/src/modules');
    const files = (await readdir(modules, { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.includes('__tests__') && !f.endsWith('.test.ts'))
      .map((f) => path.join(modules, f));
    const importFromOtherDomain = /import\s*\{([^}]*)\}\s*from\s*'(\.\.\/[^']*index\.js)'/g;
    const offences: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const foreign = new Set<string>();
      for (const m of text.matchAll(importFromOtherDomain)) {
        for (const n of (m[1] ?? '').split(',')) {
          const name = n
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+/)
            .pop()
            ?.trim();
          if (name) foreign.add(name);
        }
      }
      for (const m of text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_]\w*)\s*\)/g)) {
        if (m[2] && foreign.has(m[2])) offences.push(`${path.relative(root, file)}: ${m[1]}(${m[2]})`);
      }
    }
    expect(offences).toEqual([]);
  });
});
