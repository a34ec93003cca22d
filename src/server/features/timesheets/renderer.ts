// A worker thread (piscina, one): a ten-year PDF is one synchronous pdfkit run that would stall
// the event loop far beyond our 50 ms. A hung job is given up and its worker ended.
import { Piscina } from 'piscina';
import type { ExportFormat } from './file-name.ts';
import type { RenderTask } from './render.worker.ts';
import type { ReportModel } from './report-model.ts';

const JOB_TIMEOUT_MS = 60_000;

// From source (tsx, Vitest) the worker knows no TypeScript until tsx's loader is imported.
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
