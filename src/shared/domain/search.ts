/**
 * Search that forgives accents and letter case: 'cafe' and 'CAFÉ' both find 'Café'.
 * Decomposing (NFD) splits 'é' into 'e' and a combining accent, which is then dropped.
 */
const combiningMarks = /\p{M}/gu;

/** 'Crème Brûlée' → 'creme brulee': the form both sides of a search are compared in. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(combiningMarks, '').toLowerCase();
}

/** True when `query` (trimmed; empty matches everything) occurs anywhere in `text`. */
export function matchesSearch(text: string, query: string): boolean {
  const needle = foldForSearch(query.trim());
  return needle === '' || foldForSearch(text).includes(needle);
}
