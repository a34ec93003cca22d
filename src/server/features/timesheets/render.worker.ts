/**
 * The pool's worker thread that renders documents, so a ten-year PDF never holds up the event
 * loop that answers everyone else's requests (renderer.ts runs the pool).
 */
import type { ExportFormat } from './file-name.ts';
import { renderDocument } from './render-document.ts';
import type { ReportModel } from './report-model.ts';

export interface RenderTask {
  format: ExportFormat;
  model: ReportModel;
}

export default function render({ format, model }: RenderTask): Promise<Uint8Array> {
  return renderDocument(format, model);
}
