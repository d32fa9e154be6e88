import { describe, expect, it } from 'vitest';
import { anyOf, atLeast } from './search-query';

describe('full-text queries from lexemes', () => {
  it('matches any lexeme, or at least a number of them', () => {
    expect(anyOf(['price', 'bakeri'])).toBe("'price' | 'bakeri'");
    expect(atLeast(2, ['price', 'bakeri', 'loyalti'])).toBe(
      "('price' & 'bakeri') | ('price' & 'loyalti') | ('bakeri' & 'loyalti')",
    );
    expect(atLeast(1, ['price'])).toBe("'price'");
  });

  it('quotes what the stemmer kept, quotes and backslashes included', () => {
    expect(anyOf(["o'reilli", 'a\\b'])).toBe("'o''reilli' | 'a\\\\b'");
  });
});
