/** Test helpers: multipart bodies and images made with sharp (no test framework imports). */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export const BOUNDARY = '----hourbook-test-7MA4YWxkTrZu0gW';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body, written out as a browser would send it. */
export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The one file part the client sends. */
export const imagePart = (data: Buffer | string, contentType = 'image/png', filename = 'me.png') =>
  ({ name: 'profileImage', filename, contentType, data }) satisfies Part;

let made = 0;
/** Each call a different colour, so two uploads never re-encode to the same bytes. */
const solid = (width: number, height: number) => {
  made++;
  const background = { r: (made * 37) % 256, g: (made * 91) % 256, b: 200 };
  return sharp({ create: { width, height, channels: 3, background } });
};

export const makePng = (width = 600, height = 400) => solid(width, height).png().toBuffer();
export const makeJpeg = (width = 400, height = 300) => solid(width, height).jpeg().toBuffer();
export const makeWebp = (width = 300, height = 300) => solid(width, height).webp().toBuffer();
export const makeGif = () => solid(40, 40).gif().toBuffer();
export const makeTransparentPng = () =>
  sharp({ create: { width: 50, height: 50, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer();

/**
 * A real PNG whose header claims another size: the IHDR's width and height are rewritten and
 * its CRC fixed, so a decoder believes it (a "decompression bomb" costs a few bytes to send).
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // Signature (8), IHDR length (4), "IHDR" at 12, width at 16, height at 20, CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>';
