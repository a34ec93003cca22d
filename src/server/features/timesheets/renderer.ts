/**
 * Renders timesheet documents in one long-lived worker thread: pdfkit lays out a ten-year
 * report (about a hundred pages) in one synchronous run that would stall the event loop for far
 * more than the 50 ms we allow. The worker starts on first use, is kept for the next job, and
 * is started again after a crash; a job that hangs is given up after a while.
 */
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from './file-name.ts';
import type { ReportModel } from './report-model.ts';

export interface RenderJob {
  id: number;
  format: ExportFormat;
  model: ReportModel;
}
export type RenderReply =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; message: string };

const JOB_TIMEOUT_MS = 60_000;

/**
 * The built server runs render.worker.js as it is. From source (tsx in development, Vitest in
 * tests) the worker is a fresh thread that knows no TypeScript: it registers tsx's loader
 * first, then imports the .ts entry. (Node 20 ignores `--import tsx` in a worker's execArgv.)
 */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./render.worker.js', import.meta.url), options);
  }
  const entry = JSON.stringify(new URL('./render.worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const boot = `import(${tsx}).then((api) => { api.register(); return import(${entry}); });`;
  return new Worker(boot, { ...options, eval: true });
}

interface Pending {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class DocumentRenderer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  render(format: ExportFormat, model: ReportModel): Promise<Buffer> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new Error(`rendering a ${format} took over ${JOB_TIMEOUT_MS} ms`)),
        JOB_TIMEOUT_MS,
      );
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, format, model } satisfies RenderJob);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new Error('the document renderer was closed'));
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.on('message', (reply: RenderReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`the render worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: RenderReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    clearTimeout(job.timer);
    // An idle worker must not keep the process alive.
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) {
      job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    } else {
      job.reject(new Error(`rendering failed: ${reply.message}`));
    }
  }

  /** Rejects every waiting job and drops the worker; the next job starts a new one. */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
    for (const job of this.pending.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.pending.clear();
  }
}
