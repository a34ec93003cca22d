import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { downloadTimesheet, fileNameFromDisposition } from './download-timesheet';

describe('the downloaded file name', () => {
  it('comes from Content-Disposition, preferring the UTF-8 filename*', () => {
    expect(fileNameFromDisposition('attachment; filename="week 9.csv"')).toBe('week 9.csv');
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fevrier.pdf"; filename*=UTF-8''f%C3%A9vrier.pdf`,
      ),
    ).toBe('février.pdf');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('falls back to the given name when the server names none', async () => {
    mockApi({ 'GET /api/timesheets/3/download': () => new Response('a,b') });
    const file = await downloadTimesheet('/api/timesheets/3/download', 'timesheet-3.csv');
    expect(file.fileName).toBe('timesheet-3.csv');
    expect(await file.blob.text()).toBe('a,b');
  });
});
