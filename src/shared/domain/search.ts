// NFD splits 'é' into 'e' and a combining accent, which is dropped: 'cafe' finds 'Café'.
const combiningMarks = /\p{M}/gu;

export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(combiningMarks, '').toLowerCase();
}

export function matchesSearch(text: string, query: string): boolean {
  const needle = foldForSearch(query.trim());
  return needle === '' || foldForSearch(text).includes(needle);
}
