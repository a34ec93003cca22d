/** Everywhere a program may start a new line. */
export const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/** Use after `.trim()`. */
export const hasNoLineBreak = (text: string) => !LINE_BREAK.test(text);
