import type { exportFormats } from '../../../shared/schemas/settings.ts';

export type ExportFormat = (typeof exportFormats)[number];

export const contentTypes: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** Letters NFKD does not take apart. */
const latin: Record<string, string> = {
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
};

/** 'Café Müller & Co.' → 'café-müller-co': the employer's name as it may stand in a file name. */
export function nameSlug(name: string): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'employer';
}

/** timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf */
export function documentFileName(
  employerName: string,
  range: { from: string; to: string },
  format: ExportFormat,
): string {
  return `timesheet-${nameSlug(employerName)}-${range.from}-to-${range.to}.${format}`;
}

/** The same name in plain ASCII, for clients that ignore filename*: 'café' → 'cafe'. */
export function asciiFileName(fileName: string, fallback = 'timesheet'): string {
  const ascii = fileName
    .toLowerCase()
    .replace(/[ßłđøæœþı]/g, (c) => latin[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-(?=\.)/g, '');
  return ascii || fallback;
}

/** RFC 6266: an ASCII `filename` for old clients and the exact name as RFC 8187 `filename*`. */
export function contentDisposition(fileName: string, fallback = 'timesheet'): string {
  const ascii = asciiFileName(fileName, fallback);
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
