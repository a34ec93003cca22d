// Text of any script on a PDF line: runs of one face, bidi order (UAX #9), line breaking.
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { EMOJI_FACE, faceFor, fontKey, fontOf, hasGlyph } from './report-pdf-fonts.ts';

// bidi-js is CommonJS whose module is the factory itself; its typings say `export default`.
const bidiFactory = createRequire(import.meta.url)('bidi-js') as typeof import('bidi-js').default;
const bidi = bidiFactory();

export interface TextStyle {
  size: number;
  bold: boolean;
}

export interface Piece {
  text: string;
  face: number;
  typed: string;
  rtl: boolean;
}

/** Characters that belong to the one before them: marks, joiners, selectors, skin tones. */
const CLINGS =
  /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|\u20e3|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}])$/u;
/** Spaces and punctuation: kept in the face of the run they sit in, when it has them. */
const NEUTRAL = /^[\p{Zs}\p{P}]$/u;
/** The first character of a real script (fontkit picks the shaping direction from it). */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RTL_SCRIPT =
  /^[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]$/u;
export const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

// A named feature makes pdfkit shape the whole run at once; word by word, it strings
// right-to-left words in the wrong order.
const SHAPE_WHOLE: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

// Inter's runs (nothing to join, left to right) use pdfkit's word cache: much faster.
const shaping = (piece: Piece) => (piece.face === 0 ? {} : { features: SHAPE_WHOLE });

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const words = new Intl.Segmenter('und', { granularity: 'word' });

/** Scripts written without spaces between words: a line may break between any two words. */
const NO_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Where a line may break: after a space, or between words of a script written without spaces.
 * Never before a closing bracket or inside '22:00–06:00', as the word segmenter alone would.
 */
function* breakableWords(text: string): Generator<{ index: number; segment: string }> {
  let chunk: { index: number; segment: string } | undefined;
  for (const { index, segment } of words.segment(text)) {
    const before = text[index - 1] ?? '';
    const may =
      chunk === undefined ||
      /\s/.test(before) ||
      NO_SPACES.test(before) ||
      NO_SPACES.test(segment[0] ?? '');
    if (may) {
      if (chunk) yield chunk;
      chunk = { index, segment };
    } else {
      chunk!.segment += segment;
    }
  }
  if (chunk) yield chunk;
}

/** Drawn in the paragraph's bidi levels, so a wrapped line keeps the text's direction. */
export interface SetLine {
  paragraph: Paragraph;
  start: number;
  end: number;
}

interface Run {
  start: number;
  end: number;
  face: number;
  level: number;
}

class Paragraph {
  readonly levels: Uint8Array;
  readonly faces: Int16Array;

  constructor(
    readonly text: string,
    readonly bold: boolean,
  ) {
    this.levels = bidi.getEmbeddingLevels(text).levels;
    this.faces = new Int16Array(text.length);
    let face = -1;
    for (let i = 0; i < text.length; ) {
      const codePoint = text.codePointAt(i)!;
      const char = String.fromCodePoint(codePoint);
      // Emoji faces' spaces are as wide as an emoji: a space after one goes back to Inter.
      const stays =
        face >= 0 &&
        (CLINGS.test(char) || (NEUTRAL.test(char) && face !== EMOJI_FACE)) &&
        hasGlyph(face, bold, codePoint);
      if (!stays) face = faceFor(codePoint, bold);
      this.faces.fill(face, i, i + char.length);
      i += char.length;
    }
  }

  runs(start: number, end: number): Run[] {
    const runs: Run[] = [];
    for (let i = start; i < end; i++) {
      const last = runs[runs.length - 1];
      const face = this.faces[i]!;
      // A surrogate pair's second half follows its first, whatever level bidi-js gave it.
      const level = isLowSurrogate(this.text.charCodeAt(i)) && last ? last.level : this.levels[i]!;
      if (last && last.face === face && last.level === level) last.end = i + 1;
      else runs.push({ start: i, end: i + 1, face, level });
    }
    return runs;
  }

  pieces(start: number, end: number): Piece[] {
    const runs = this.runs(start, end);
    // UAX #9 L2: from the highest level down to the lowest odd one, reverse runs at or above it.
    const levels = runs.map((run) => run.level);
    const highest = Math.max(0, ...levels);
    const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
    for (let level = highest; level >= lowestOdd && level > 0; level--) {
      for (let i = 0; i < runs.length; ) {
        if (runs[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < runs.length && runs[j]!.level >= level) j++;
        runs.splice(i, j - i, ...runs.slice(i, j).reverse());
        i = j;
      }
    }
    return runs.map((run) => {
      const typed = this.text.slice(run.start, run.end);
      const rtl = run.level % 2 === 1;
      return { text: visualText(typed, run, this.bold), face: run.face, typed, rtl };
    });
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

// fontkit lays out an Arabic or Hebrew run right to left itself; any other right-to-left run
// is reversed here, grapheme by grapheme, with mirrored brackets.
function visualText(text: string, run: Run, bold: boolean): string {
  const rtl = run.level % 2 === 1;
  const font = fontOf(run.face, bold);
  const shaped = Boolean(font.GSUB || font.GPOS || font.morx);
  const first = SCRIPTED.exec(text)?.[0];
  const fontkitReverses = shaped && first !== undefined && RTL_SCRIPT.test(first);
  if (rtl === fontkitReverses) return text;
  return [...graphemes.segment(text)]
    .map(({ segment }) => (rtl ? (bidi.getMirroredCharacter(segment) ?? segment) : segment))
    .reverse()
    .join('');
}

// The span wraps pdfkit's own BT…ET, inside its graphics state: a reader places the span's
// text at its glyphs only when both share one transformation.
function withActualText(doc: PDFKit.PDFDocument, typed: string, draw: () => void): void {
  const hex = [...Buffer.from(`\ufeff${typed}`, 'utf16le').swap16()]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  const own = doc as unknown as { addContent(data: string): unknown };
  const addContent = own.addContent;
  own.addContent = function (this: unknown, data: string) {
    if (data === 'BT') addContent.call(this, `/Span <</ActualText <${hex}>>> BDC`);
    addContent.call(this, data);
    if (data === 'ET') addContent.call(this, 'EMC');
    return this;
  };
  try {
    draw();
  } finally {
    own.addContent = addContent;
  }
}

export class TextSetter {
  private readonly paragraphs = new LRUCache<string, Paragraph>({ max: 500 });
  private readonly widths = new LRUCache<string, number>({ max: 5000 });

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private paragraph(text: string, bold: boolean): Paragraph {
    const key = `${bold ? 'b' : 'r'}${text}`;
    let paragraph = this.paragraphs.get(key);
    if (!paragraph) {
      paragraph = new Paragraph(text, bold);
      this.paragraphs.set(key, paragraph);
    }
    return paragraph;
  }

  private use(face: number, style: TextStyle): PDFKit.PDFDocument {
    // Under its own name pdfkit keeps one embedded subset per document and parses once.
    return this.doc.font(fontOf(face, style.bold) as never, fontKey(face, style.bold), style.size);
  }

  /** The advance of one piece, kept: fitting and wrapping measure the same runs again. */
  private pieceWidth(piece: Piece, style: TextStyle): number {
    const key = `${piece.face}${style.bold ? 'b' : 'r'}${style.size}|${piece.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.use(piece.face, style).widthOfString(piece.text, shaping(piece));
      this.widths.set(key, width);
    }
    return width;
  }

  private piecesWidth(pieces: Piece[], style: TextStyle): number {
    let width = 0;
    for (const piece of pieces) width += this.pieceWidth(piece, style);
    return width;
  }

  /** Every line is Inter's height, whatever face draws it. */
  lineHeight(style: TextStyle): number {
    const inter = fontOf(0, style.bold);
    return ((inter.ascent - inter.descent + inter.lineGap) / inter.unitsPerEm) * style.size;
  }

  ascent(style: TextStyle): number {
    const inter = fontOf(0, style.bold);
    return (inter.ascent / inter.unitsPerEm) * style.size;
  }

  lineOf(text: string, style: TextStyle): SetLine {
    return { paragraph: this.paragraph(text, style.bold), start: 0, end: text.length };
  }

  lineWidth(line: SetLine, style: TextStyle): number {
    return this.piecesWidth(line.paragraph.pieces(line.start, line.end), style);
  }

  width(text: string, style: TextStyle): number {
    return this.lineWidth(this.lineOf(text, style), style);
  }

  draw(line: SetLine, x: number, baseline: number, style: TextStyle): void {
    let left = x;
    for (const piece of line.paragraph.pieces(line.start, line.end)) {
      const doc = this.use(piece.face, style);
      const draw = () =>
        doc.text(piece.text, left, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...shaping(piece),
        });
      // Shaped glyphs do not map back to the typed text one by one: a span gives copying and
      // extraction the typed text. Readers reorder right-to-left text, so such a span is reversed.
      if (piece.face === 0) draw();
      else withActualText(doc, piece.rtl ? [...piece.typed].reverse().join('') : piece.typed, draw);
      left += this.pieceWidth(piece, style);
    }
  }

  /** The longest start of `text` (whole graphemes) that fits `width` with an ellipsis. */
  fit(text: string, width: number, style: TextStyle): string {
    const oneLine = text.replace(/\s+/g, ' ');
    if (this.width(oneLine, style) <= width) return oneLine;
    const ends = [...graphemes.segment(oneLine)].map(
      ({ index, segment }) => index + segment.length,
    );
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const candidate = `${oneLine.slice(0, ends[mid - 1]).trimEnd()}…`;
      if (this.width(candidate, style) <= width) low = mid;
      else high = mid - 1;
    }
    return `${low === 0 ? '' : oneLine.slice(0, ends[low - 1]).trimEnd()}…`;
  }

  /**
   * Breaks at line separators, then after spaces (or between words of scripts without them),
   * then inside over-long words.
   */
  wrap(text: string, width: number, style: TextStyle): SetLine[] {
    const lines: SetLine[] = [];
    for (const part of text.split(LINE_BREAKS)) {
      const paragraph = this.paragraph(part, style.bold);
      const fits = (start: number, end: number) =>
        this.lineWidth({ paragraph, start, end: trimEnd(part, start, end) }, style) <= width;
      const push = (start: number, end: number) =>
        lines.push({ paragraph, start, end: trimEnd(part, start, end) });
      let start = 0;
      let end = 0;
      for (const { index, segment } of breakableWords(part)) {
        const next = index + segment.length;
        if (fits(start, next)) {
          end = next;
          continue;
        }
        if (trimEnd(part, start, end) > start) push(start, end);
        start = trimStart(part, index, next);
        end = next;
        while (!fits(start, end)) {
          const cut = this.longestStart(paragraph, start, end, width, style);
          push(start, cut);
          start = trimStart(part, cut, end);
        }
      }
      if (trimEnd(part, start, end) > start || lines.length === 0) push(start, end);
    }
    return lines;
  }

  private longestStart(
    paragraph: Paragraph,
    start: number,
    end: number,
    width: number,
    style: TextStyle,
  ): number {
    let fits = start;
    for (const { index, segment } of graphemes.segment(paragraph.text.slice(start, end))) {
      const next = start + index + segment.length;
      if (fits > start && this.lineWidth({ paragraph, start, end: next }, style) > width) break;
      fits = next;
    }
    return fits;
  }
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

function trimStart(text: string, start: number, end: number): number {
  while (start < end && /\s/.test(text[start]!)) start++;
  return start;
}
