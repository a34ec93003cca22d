/**
 * The typefaces the PDF prints with, in the order they are tried for each character, and the
 * choice of one per character. Inter prints Latin, Greek and Cyrillic; the Noto faces print the
 * scripts Inter lacks (docs/decisions/024-pdf-fonts.md says which covers what, and why).
 *
 * A face is opened once per render worker, and only when a character needs it: a Latin-only
 * timesheet never reads the CJK files. pdfkit embeds a subset of the glyphs actually used, and
 * only of the faces actually used, so a Latin-only PDF carries Inter alone.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** What this module uses of a fontkit font (pdfkit draws with the same object). */
export interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  GSUB?: unknown;
  GPOS?: unknown;
  morx?: unknown;
}
interface Fontkit {
  openSync(path: string): FontkitFont;
}
/** The fontkit that pdfkit itself embeds with, so both read the same parsed font. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;

const expo = (file: string) => require.resolve(`@expo-google-fonts/${file}`);
/** @embedpdf packages export only an index; the font files sit beside it. */
const embedpdf = (pkg: string, file: string) =>
  join(dirname(require.resolve(`@embedpdf/${pkg}`)), '..', 'fonts', file);

export interface Face {
  name: string;
  regular: string;
  bold: string;
}

/**
 * In fallback order: the first face that has a character's glyph prints it. Scripts no face has
 * (none of the names people type here, so far) print as Inter's empty box.
 */
export const faces: readonly Face[] = [
  {
    name: 'Inter',
    regular: expo('inter/400Regular/Inter_400Regular.ttf'),
    bold: expo('inter/700Bold/Inter_700Bold.ttf'),
  },
  {
    name: 'NotoSansArabic',
    regular: expo('noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    bold: expo('noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
  },
  {
    name: 'NotoSansHebrew',
    regular: embedpdf('fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
    bold: embedpdf('fonts-hebrew', 'NotoSansHebrew-Bold.ttf'),
  },
  {
    name: 'NotoSansDevanagari',
    regular: expo('noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
    bold: expo('noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
  },
  {
    name: 'NotoSansThai',
    regular: expo('noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
    bold: expo('noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'),
  },
  {
    // Before the CJK faces, which also draw a few symbols (★, ☎) in text style.
    name: 'NotoEmoji',
    regular: expo('noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    bold: expo('noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  },
  {
    // Simplified Chinese, and the kana and kanji of Japanese names.
    name: 'NotoSansHans',
    regular: embedpdf('fonts-sc', 'NotoSansHans-Regular.otf'),
    bold: embedpdf('fonts-sc', 'NotoSansHans-Bold.otf'),
  },
  {
    // Hangul, and the Han characters the Chinese face lacks.
    name: 'NotoSansKR',
    regular: embedpdf('fonts-kr', 'NotoSansKR-Regular.otf'),
    bold: embedpdf('fonts-kr', 'NotoSansKR-Bold.otf'),
  },
];

export const EMOJI_FACE = faces.findIndex((face) => face.name === 'NotoEmoji');

const opened = new Map<string, FontkitFont>();

/** The parsed font of a face and weight, opened on first use and kept for the worker's life. */
export function fontOf(face: number, bold: boolean): FontkitFont {
  const path = bold ? faces[face]!.bold : faces[face]!.regular;
  let font = opened.get(path);
  if (!font) {
    font = fontkit.openSync(path);
    opened.set(path, font);
  }
  return font;
}

/** The name pdfkit files the face under, one per face and weight. */
export const fontKey = (face: number, bold: boolean) =>
  `${faces[face]!.name}-${bold ? 'Bold' : 'Regular'}`;

const chosen = new Map<string, number>();

/** The first face that has the glyph (Inter, and its empty box, when none has). */
export function faceFor(codePoint: number, bold: boolean): number {
  const key = `${codePoint}${bold ? 'b' : 'r'}`;
  let face = chosen.get(key);
  if (face === undefined) {
    face = faces.findIndex((_, index) => fontOf(index, bold).hasGlyphForCodePoint(codePoint));
    if (face < 0) face = 0;
    chosen.set(key, face);
  }
  return face;
}

export function hasGlyph(face: number, bold: boolean, codePoint: number): boolean {
  return fontOf(face, bold).hasGlyphForCodePoint(codePoint);
}
