/**
 * Full-text queries built from a question's lexemes (as PostgreSQL's English configuration stemmed
 * them), in tsquery syntax with every lexeme quoted: nothing a user types can make them invalid.
 */

/** Lexemes a question's queries use at most: a long question's first ones. */
export const MAX_QUERY_LEXEMES = 8;

function quoted(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Passages containing any of the lexemes. */
export function anyOf(lexemes: readonly string[]): string {
  return lexemes.map(quoted).join(' | ');
}

/** Passages containing at least `count` of the lexemes: every group of `count`, each required whole. */
export function atLeast(count: number, lexemes: readonly string[]): string {
  if (count <= 1) return anyOf(lexemes);
  return combinations(lexemes, count)
    .map((group) => `(${group.map(quoted).join(' & ')})`)
    .join(' | ');
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) =>
    combinations(items.slice(i + 1), size - 1).map((rest) => [item, ...rest]),
  );
}
