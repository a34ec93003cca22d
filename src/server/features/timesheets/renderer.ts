/**
 * Renders timesheet documents in a worker thread (a piscina pool of one): pdfkit lays out a
 * ten-year report (about a hundred pages) in one synchronous run that would stall the event loop
 * for far more than the 50 ms we allow. The worker starts on first use and is kept; one that
 * dies is replaced, and a job that hangs is given up after a while (its worker is ended).
 */
import { Piscina } from 'piscina';
import type { ExportFormat } from './file-name.ts';
import type { RenderTask } from './render.worker.ts';
import type { ReportModel } from './report-model.ts';

const JOB_TIMEOUT_MS = 60_000;

/**
 * The built server runs render.worker.js as it is. From source (tsx in development, Vitest in
 * tests) the worker thread knows no TypeScript until tsx's loader is imported into it.
 */
function workerOptions(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(`./render.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  return { filename, execArgv: fromSource ? ['--import', import.meta.resolve('tsx')] : [] };
}

export interface RendererOptions {
  /** Another worker module (tests: one that crashes or hangs). */
  filename?: string;
  timeoutMs?: number;
}

export class DocumentRenderer {
  private readonly pool: Piscina<RenderTask, Uint8Array>;
  private readonly timeoutMs: number;

  constructor(options: RendererOptions = {}) {
    const worker = workerOptions();
    this.timeoutMs = options.timeoutMs ?? JOB_TIMEOUT_MS;
    this.pool = new Piscina({
      filename: options.filename ?? worker.filename,
      execArgv: worker.execArgv,
      minThreads: 0,
      maxThreads: 1,
      // Kept once started: its fonts are parsed. An idle worker does not hold the process open.
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
  }

  async render(format: ExportFormat, model: ReportModel): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const bytes = await this.pool.run({ format, model }, { signal });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (signal.aborted) {
        throw new Error(`rendering a ${format} took over ${this.timeoutMs} ms`, { cause: error });
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      throw new Error(`rendering failed: ${message}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
