/**
 * Okapi BM25 over short passages: what the offline model and the long-transcript prompt use to pick
 * the parts of a transcript that matter to a question.
 */

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have he her his i if in into is it its me my no not of on or our ' +
    'she so than that the their them then there these they this to was we were what when which who will with ' +
    'you your just like get got can do does did going gonna really very also about all more some one'
  ).split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [])
    .map((term) => term.replace(/'s$/, ''))
    .filter((term) => term.length > 1 && !STOP_WORDS.has(term));
}

export interface RankedPassage<T> {
  item: T;
  score: number;
}

/** Ranks items by BM25 of their text against the weighted query terms; best first, zero scores dropped. */
export function rankByBm25<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  query: ReadonlyMap<string, number>,
  { k1 = 1.2, b = 0.75 } = {},
): RankedPassage<T>[] {
  const documents = items.map((item) => termCounts(terms(textOf(item))));
  const lengths = documents.map((d) => d.length);
  const averageLength = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const { counts } of documents) {
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0;
    return Math.log((documents.length - n + 0.5) / (n + 0.5) + 1);
  };
  return items
    .map((item, i) => {
      const { counts, length } = documents[i]!;
      let score = 0;
      for (const [term, weight] of query) {
        const frequency = counts.get(term) ?? 0;
        if (frequency === 0) continue;
        const norm = frequency + k1 * (1 - b + (b * length) / (averageLength || 1));
        score += weight * idf(term) * ((frequency * (k1 + 1)) / norm);
      }
      return { item, score };
    })
    .filter((ranked) => ranked.score > 0)
    .sort((x, y) => y.score - x.score);
}

function termCounts(list: string[]) {
  const counts = new Map<string, number>();
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: list.length };
}

/** Query terms with weights: each text's terms count `weight` times (the question outweighs the profile). */
export function weightedQuery(parts: readonly { text: string; weight: number }[]): Map<string, number> {
  const query = new Map<string, number>();
  for (const { text, weight } of parts) {
    for (const term of new Set(terms(text))) query.set(term, (query.get(term) ?? 0) + weight);
  }
  return query;
}
