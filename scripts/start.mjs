// `npm start`: build what is missing or out of date, then run the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Hourbook needs Node.js 22 or newer; this is ${process.version}. Install a current Node.js (https://nodejs.org) and run npm start again.`,
  );
  process.exit(1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'migrations', 'package.json', 'vite.config.ts', 'tsconfig.server.json'];
const outOfDate =
  !existsSync(stamp) ||
  !existsSync(join(root, 'dist', 'server', 'main.js')) ||
  !existsSync(join(root, 'dist', 'client', 'index.html')) ||
  Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(stamp).mtimeMs;

if (outOfDate) {
  console.log('Building Hourbook (first start, or the sources changed)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

await import(pathToFileURL(join(root, 'dist', 'server', 'main.js')).href);
