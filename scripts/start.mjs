// `npm start`: build the console when its sources are newer than the build, then serve everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist/index.html');

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

export const webIsStale = () => {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(root, 'packages/contracts/src'),
  ];
  return (
    sources.filter(existsSync).some((d) => newest(d) > built) ||
    statSync(path.join(web, 'index.html')).mtimeMs > built
  );
};

if (process.argv[1] === import.meta.filename) {
  if (webIsStale()) {
    console.log('Building the console (first start only)…');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  // A stop we passed on ends cleanly; a signal nobody sent (the OOM killer, kill -9) is a failure, with the
  // shell's 128 + signal number so a supervisor restarts it.
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      stopping = true;
      child.kill(sig);
    });
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    process.exit(stopping ? 0 : 128 + (os.constants.signals[signal] ?? 0));
  });
}
