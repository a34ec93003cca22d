import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import {
  fetchFile,
  fileNameFromDisposition,
  followLink,
  OBJECT_URL_LIFETIME_MS,
  saveFile,
} from './download';

describe('fileNameFromDisposition', () => {
  it('reads a quoted or a bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="hourbook-data.json"')).toBe(
      'hourbook-data.json',
    );
    expect(fileNameFromDisposition('attachment; filename="week 9.csv"')).toBe('week 9.csv');
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
  });

  it('unescapes quotes inside a quoted name', () => {
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it("prefers the encoded UTF-8 name (RFC 6266's filename*)", () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Jos_data.json"; filename*=UTF-8''Jos%C3%A9%20data.json`,
      ),
    ).toBe('José data.json');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fevrier.pdf"; filename*=UTF-8''f%C3%A9vrier.pdf`,
      ),
    ).toBe('février.pdf');
  });

  it('falls back to the plain name when the encoded one is badly encoded', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''%E0%A4`),
    ).toBe('plain.csv');
  });

  it('gives null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('fetchFile', () => {
  it("names the file as the server's Content-Disposition does", async () => {
    mockApi({
      'GET /api/account/export': () =>
        new Response('{}', {
          headers: { 'Content-Disposition': 'attachment; filename="me.json"' },
        }),
    });
    const file = await fetchFile('/api/account/export', 'hourbook-data.json');
    expect(file.fileName).toBe('me.json');
    expect(await file.blob.text()).toBe('{}');
  });

  it('falls back to the given name when the server names none', async () => {
    mockApi({ 'GET /api/timesheets/3/download': () => new Response('a,b') });
    const file = await fetchFile('/api/timesheets/3/download', 'timesheet-3.csv');
    expect(file.fileName).toBe('timesheet-3.csv');
    expect(await file.blob.text()).toBe('a,b');
  });
});

/** Records each link clicked (and whether it was in the page then) instead of following it. */
function recordClicks() {
  const clicked: {
    href: string;
    download: string;
    target: string;
    rel: string;
    inPage: boolean;
  }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({
      href: this.href,
      download: this.download,
      target: this.target,
      rel: this.rel,
      inPage: document.body.contains(this),
    });
  });
  return clicked;
}

describe('following and saving', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('opens a link in a new tab without handing it this window, and leaves no link behind', () => {
    const clicked = recordClicks();
    followLink('https://example.com/report.pdf', { newTab: true });
    expect(clicked).toEqual([
      {
        href: 'https://example.com/report.pdf',
        download: '',
        target: '_blank',
        rel: 'noopener',
        inPage: true,
      },
    ]);
    expect(document.querySelector('a')).toBeNull();
  });

  it('removes the link even when the browser refuses to follow it', () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
      throw new Error('No mail app');
    });
    expect(() => followLink('mailto:payroll@acme.example')).toThrow('No mail app');
    expect(document.querySelector('a')).toBeNull();
  });

  it('saves the bytes under the name, and frees the object URL only later', () => {
    vi.useFakeTimers();
    const clicked = recordClicks();
    const revoke = vi.fn();
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file-1'), revokeObjectURL: revoke });
    const blob = new Blob(['a,b']);

    saveFile(blob, 'week 9.csv');

    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:file-1', download: 'week 9.csv', target: '', rel: '', inPage: true },
    ]);
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:file-1');
  });
});
