import { AppError } from '../../errors.ts';

// Names that decode to a line break are refused: the multipart parser silently skips such a
// part, and a mail program would decode an encoded-word into a name with a line break.

const LINE_BREAK = /[\r\n]/;

/** Line breaks shown as spaces. */
export function lineBreakInFileName(name: string): AppError {
  const shown =
    name
      .replace(/[\r\n]+/g, ' ')
      .trim()
      .slice(0, 120) || 'the attachment';
  const message = `The file name "${shown}" contains a line break. Please rename the file and choose it again.`;
  return new AppError('validation_failed', 400, message, { attachment: message });
}

function percentDecode(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 (B: base64; Q: `_` a space, `=XX` a byte). */
export function decodeEncodedWords(text: string): string {
  return text.replace(
    /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g,
    (_word, _charset: string, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return percentDecode(data.replace(/_/g, ' ').replace(/=/g, '%'));
    },
  );
}

export function nameHoldsLineBreak(name: string): boolean {
  return LINE_BREAK.test(name) || LINE_BREAK.test(decodeEncodedWords(name));
}

/** Decoded as the parser decodes them. */
function dispositionFileNames(value: string): string[] {
  const names: string[] = [];
  const param = /;\s*(filename\*?)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/gi;
  for (const [, key = '', raw = ''] of value.matchAll(param)) {
    const text = raw.trim();
    if (key.endsWith('*')) {
      // charset'language'percent-encoded-bytes
      const parts = text.split("'");
      names.push(percentDecode(parts.length >= 3 ? parts.slice(2).join("'") : text));
    } else if (text.startsWith('"')) {
      names.push(text.slice(1, -1).replace(/\\(.)/g, '$1'));
    } else {
      names.push(text);
    }
  }
  return names;
}

/** Longest part header block looked at; longer ones are the parser's to refuse. */
const MAX_HEADER_BYTES = 16 * 1024;

/** Notes the parts the parser will skip without a word. */
export class PartNameWatch {
  readonly #delimiter: Buffer;
  /** Unscanned bytes carried over: a delimiter or header block cut by a chunk's end. */
  #tail: Buffer;
  readonly broken: string[] = [];

  constructor(boundary: string) {
    this.#delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    // The first delimiter opens the body without a line break before it.
    this.#tail = Buffer.from('\r\n');
  }

  push(chunk: Buffer): void {
    const data = this.#tail.length ? Buffer.concat([this.#tail, chunk]) : chunk;
    const delimiter = this.#delimiter;
    let from = 0;
    for (;;) {
      const at = data.indexOf(delimiter, from);
      if (at < 0) break;
      const start = at + delimiter.length;
      const end = data.indexOf('\r\n\r\n', start, 'latin1');
      if (end < 0) {
        if (data.length - start <= MAX_HEADER_BYTES) {
          this.#tail = Buffer.from(data.subarray(at));
          return;
        }
        from = start;
        continue;
      }
      this.#inspect(data.subarray(start, end).toString('latin1'));
      from = end + 4;
    }
    // Keep what could be the start of a delimiter cut by this chunk's end.
    this.#tail = Buffer.from(data.subarray(Math.max(from, data.length - delimiter.length + 1)));
  }

  #inspect(block: string): void {
    const lines = block.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') {
        continue;
      }
      for (const name of dispositionFileNames(line.slice(colon + 1))) {
        if (LINE_BREAK.test(name)) this.broken.push(name);
      }
    }
  }
}

export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}
