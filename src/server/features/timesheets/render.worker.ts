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
