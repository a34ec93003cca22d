import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-account-data';

describe('fileNameFromDisposition', () => {
  it('reads a quoted or a bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="hourbook-data.json"')).toBe(
      'hourbook-data.json',
    );
    expect(fileNameFromDisposition('attachment; filename=data.json')).toBe('data.json');
  });

  it("prefers the encoded UTF-8 name (RFC 6266's filename*)", () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Jos_data.json"; filename*=UTF-8''Jos%C3%A9%20data.json`,
      ),
    ).toBe('José data.json');
  });

  it('gives null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
