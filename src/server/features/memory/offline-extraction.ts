import { MEMORY_LIMITS } from '../../../shared/schemas/memory';

export interface FoundMemory {
  statement: string;
  kind: 'fact' | 'decision' | 'constraint';
}

const DECISION = /\b(we|i)\s+(have\s+)?(decided|chose|will|are going to|am going to|plan to)\b/i;
const CONSTRAINT =
  /\b(can't|cannot|can not|unable|don't have|do not have|only have|no budget|not allowed)\b/i;
/** A sentence about the business: a number, or the user speaking of it (we, our, I can't, we decided). */
const ABOUT_THE_BUSINESS =
  /\d|\b(we|our|us|we're|we've|i can't|i cannot|i have|i run|my business|my shop)\b/i;
const MIN_LENGTH = 12;

/**
 * What the offline model remembers of a user's message (decision 064): their own sentences that state
 * something about their business (a number, "we", "our", "I can't", "we decided"), never a question,
 * each as written, classed as a decision, a constraint or a fact.
 */
export function offlineMemories(message: string): FoundMemory[] {
  const sentences = message
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        sentence.length >= MIN_LENGTH &&
        sentence.length <= MEMORY_LIMITS.statement &&
        !sentence.endsWith('?') &&
        ABOUT_THE_BUSINESS.test(sentence),
    );
  return sentences.map((statement) => ({
    statement,
    kind: DECISION.test(statement) ? 'decision' : CONSTRAINT.test(statement) ? 'constraint' : 'fact',
  }));
}
