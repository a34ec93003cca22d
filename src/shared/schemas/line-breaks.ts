/** CR, LF, VT, FF, NEL and U+2028/U+2029: everywhere a program may start a new line. */
export const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/** For one-line text printed in cells, file names and CSV rows; use after `.trim()`. */
export const hasNoLineBreak = (text: string) => !LINE_BREAK.test(text);
