import type { ExportFormat } from './file-name.ts';
import { renderCsv } from './report-csv.ts';
import type { ReportModel } from './report-model.ts';
import { renderPdf } from './report-pdf.ts';

export async function renderDocument(format: ExportFormat, model: ReportModel): Promise<Buffer> {
  return format === 'pdf' ? renderPdf(model) : renderCsv(model);
}
