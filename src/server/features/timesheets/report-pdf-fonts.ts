// Faces in fallback order; which covers what, and why: decision 024. A face is opened only when
// a character needs it, and pdfkit embeds only used glyphs: a Latin-only PDF carries Inter alone.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

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

/** The first face with a character's glyph prints it; else Inter's empty box. */
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

export function fontOf(face: number, bold: boolean): FontkitFont {
  const path = bold ? faces[face]!.bold : faces[face]!.regular;
  let font = opened.get(path);
  if (!font) {
    font = fontkit.openSync(path);
    opened.set(path, font);
  }
  return font;
}

export const fontKey = (face: number, bold: boolean) =>
  `${faces[face]!.name}-${bold ? 'Bold' : 'Regular'}`;

const chosen = new Map<string, number>();

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
