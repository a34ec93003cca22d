/**
 * Every kind of line break a program may start a new line at: CR, LF, VT, FF, NEL (U+0085) and
 * the Unicode line and paragraph separators (U+2028, U+2029).
 */
export const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * For text that is one line by nature (a name, a department, a phone number): it is printed in
 * table cells, file names and CSV rows, where a line break would split it or open a new row.
 * Use after `.trim()`, so a break at either end is simply trimmed away.
 */
export const hasNoLineBreak = (text: string) => !LINE_BREAK.test(text);
