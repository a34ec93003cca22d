import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search.ts';

describe('search folding', () => {
  it('drops accents and letter case', () => {
    expect(foldForSearch('Crème Brûlée')).toBe('creme brulee');
    expect(foldForSearch('CAFÉ')).toBe('cafe');
    expect(foldForSearch('Smørrebrød Ñandú')).toBe('smørrebrød nandu');
  });

  it("finds 'Café' for 'cafe', 'CAFÉ' and 'afé', whatever form the accent was typed in", () => {
    const composed = 'Café';
    const decomposed = 'Cafe\u0301';
    for (const query of ['cafe', 'CAFÉ', 'afé', ' café ']) {
      expect(matchesSearch(composed, query)).toBe(true);
      expect(matchesSearch(decomposed, query)).toBe(true);
    }
  });

  it('matches everything for an empty query and nothing for an absent word', () => {
    expect(matchesSearch('Café', '   ')).toBe(true);
    expect(matchesSearch('Café', 'bar')).toBe(false);
  });
});
