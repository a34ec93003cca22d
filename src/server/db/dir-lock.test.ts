import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDirLock, runningServerPid } from './dir-lock.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hourbook-lock-'));
  dirs.push(dir);
  return dir;
}

/** Another process that takes the lock on `dir` and keeps it until killed. */
async function holderOf(dir: string): Promise<ChildProcess> {
  const script = `import { acquireDirLock } from ${JSON.stringify(join(import.meta.dirname, 'dir-lock.ts'))};
acquireDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => c.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

describe('the lock on the data folder', () => {
  it('takes over a server.pid whose pid now belongs to another program', () => {
    const dir = freshDir();
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(bystander);
    writeFileSync(join(dir, 'server.pid'), String(bystander.pid));

    const lock = acquireDirLock(dir);

    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    expect(bystander.exitCode).toBeNull();
    lock.release();
  });

  it('is refused while another process holds it, and taken over once that one is killed', async () => {
    const dir = freshDir();
    const holder = await holderOf(dir);

    expect(() => acquireDirLock(dir)).toThrow(
      `Another Hourbook server (pid ${holder.pid}) is already using the data folder ${dir}`,
    );

    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const lock = acquireDirLock(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    lock.release();
  }, 20_000);

  it('is refused to a second taker in the same process until released', () => {
    const dir = freshDir();
    const lock = acquireDirLock(dir);

    expect(() => acquireDirLock(dir)).toThrow(/already using the data folder/);

    lock.release();
    acquireDirLock(dir).release();
  });

  it('names the running server only while it holds the lock, never a reused pid', async () => {
    const reused = freshDir();
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(bystander);
    writeFileSync(join(reused, 'server.pid'), String(bystander.pid));
    expect(runningServerPid(reused)).toBeNull();
    expect(runningServerPid(freshDir())).toBeNull();

    const dir = freshDir();
    const holder = await holderOf(dir);
    expect(runningServerPid(dir)).toBe(holder.pid);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(runningServerPid(dir)).toBeNull();
  }, 20_000);
});
