/**
 * The worker thread that renders documents, so a ten-year PDF never holds up the event loop
 * that answers everyone else's requests (renderer.ts starts it and hands it jobs).
 */
import { parentPort } from 'node:worker_threads';
import { renderDocument } from './render-document.ts';
import type { RenderJob, RenderReply } from './renderer.ts';

const port = parentPort;
if (!port) throw new Error('render.worker runs as a worker thread (see renderer.ts)');

port.on('message', (job: RenderJob) => {
  renderDocument(job.format, job.model).then(
    (bytes) => port.postMessage({ id: job.id, ok: true, bytes } satisfies RenderReply),
    (error: unknown) =>
      port.postMessage({
        id: job.id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RenderReply),
  );
});
