import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition, documentFileName, nameSlug } from './file-name.ts';

const october = { from: '2026-10-01', to: '2026-10-31' };

describe('timesheet file names', () => {
  it('name the employer and the period', () => {
    expect(documentFileName('Riverside Clinic', october, 'pdf')).toBe(
      'timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf',
    );
  });

  it('keep letters of any alphabet and drop punctuation', () => {
    expect(nameSlug('Café Müller & Söhne, Ltd.')).toBe('café-müller-söhne-ltd');
    expect(nameSlug('Łódź Straße')).toBe('łódź-straße');
    expect(nameSlug('株式会社 テスト')).toBe('株式会社-テスト');
  });

  it('fall back to "employer" for a name of punctuation only, and stay short', () => {
    expect(nameSlug('***')).toBe('employer');
    expect(nameSlug('a'.repeat(200))).toHaveLength(60);
  });

  it('have a plain ASCII form for old clients', () => {
    expect(asciiFileName('timesheet-café-müller-söhne-2026-10-01-to-2026-10-31.csv')).toBe(
      'timesheet-cafe-muller-sohne-2026-10-01-to-2026-10-31.csv',
    );
    expect(asciiFileName('timesheet-łódź-straße-2026-10-01-to-2026-10-31.pdf')).toBe(
      'timesheet-lodz-strasse-2026-10-01-to-2026-10-31.pdf',
    );
    expect(asciiFileName('timesheet-株式会社-2026-10-01-to-2026-10-31.pdf')).toBe(
      'timesheet-2026-10-01-to-2026-10-31.pdf',
    );
  });

  it('are sent as an attachment with both forms, nothing unquoted', () => {
    const header = contentDisposition("timesheet-o'brien's-(café)-2026-10-01-to-2026-10-31.pdf");
    expect(header).toBe(
      'attachment; filename="timesheet-o-brien-s-cafe-2026-10-01-to-2026-10-31.pdf"; ' +
        "filename*=UTF-8''timesheet-o%27brien%27s-%28caf%C3%A9%29-2026-10-01-to-2026-10-31.pdf",
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
