import type { Parser } from 'wouter';

/**
 * Wraps a wouter route parser so paths match whatever their case (docs/product/screens.md#routes-and-access):
 * `/EMPLOYERS` opens the employers page. wouter 3.13's default parser (regexparam 3)
 * happens to set the `i` flag already; this makes it a guarantee, whatever parser sits below.
 */
export function caseInsensitive(parser: Parser): Parser {
  return (route, loose) => {
    const { pattern, keys } = parser(route, loose);
    const regexp = pattern instanceof RegExp ? pattern : null;
    return {
      keys,
      pattern: regexp ? new RegExp(regexp.source, `${regexp.flags.replace('i', '')}i`) : pattern,
    };
  };
}

/** Route paths are compared lower-cased wherever the app checks "is this the current page". */
export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
