import type { Parser } from 'wouter';

/** wouter's parser happens to set `i` already; this guarantees it (docs/product/screens.md#routes-and-access). */
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

export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
