import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { projectRoot } from '../paths.ts';

/**
 * `npm run worker` (src/server/ops/worker-main.ts) as a process of its own, for tests that kill
 * it with -9 mid-job. Whatever a test leaves running is killed after its file.
 */
export interface WorkerProcess {
  pid: number;
  /** Its name in `jobs.locked_by`, from its start line. */
  id: string;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
}

const children = new Set<ChildProcess>();
let cleanupRegistered = false;

/** Starts a worker with `env` (DATABASE_URL, SMTP_URL, …) and resolves once it is running. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    afterAll(async () => {
      const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(running.map((c) => new Promise((resolve) => c.once('exit', resolve))));
    });
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'src/server/ops/worker-main.ts')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SMTP_URL: '',
        NOTION_API_URL: '',
        GMAIL_CLIENT_ID: '',
        GMAIL_CLIENT_SECRET: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const id = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /job worker (\S+) is running/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${output}`)));
  });
  return {
    pid: child.pid ?? -1,
    id,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => output,
  };
}
