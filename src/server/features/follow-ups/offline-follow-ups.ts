import { citationParts } from '../../../shared/citations';
import { offlinePhrases } from '../../../shared/offline-phrases';

/** At most this many questions are suggested under an answer. */
export const MAX_FOLLOW_UPS = 3;
/** A suggested question is short. */
export const MAX_FOLLOW_UP_CHARS = 120;
const SNIPPET_WORDS = 8;

/** What the model is told when it writes them (with an AI key). */
export const FOLLOW_UPS_SYSTEM = `You suggest what an entrepreneur could ask their business consultant next. Write up to ${MAX_FOLLOW_UPS} short follow-up questions (each under ${MAX_FOLLOW_UP_CHARS} characters), one per line, without numbering: each about something in the video passages that the answer did not cover yet, and useful for the business described. Write only the questions.`;

export interface CandidatePassage {
  startSeconds: number | null;
  text: string;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/**
 * Whether the answer drew on a passage already: it cites the passage's moment, or holds most of its
 * words (the offline model quotes what it uses).
 */
export function answerUsed(answer: string, passage: CandidatePassage): boolean {
  const cited = citationParts(answer).some(
    (part) =>
      part.citation &&
      passage.startSeconds !== null &&
      Math.floor(passage.startSeconds) === part.citation.seconds,
  );
  if (cited) return true;
  const answerWords = new Set(words(answer));
  const passageWords = words(passage.text);
  if (passageWords.length === 0) return true;
  const shared = passageWords.filter((word) => answerWords.has(word)).length;
  return shared / passageWords.length > 0.6;
}

/** A passage's opening words as a question about it, in the answer language where we can. */
function questionAbout(passage: CandidatePassage, language: string): string | null {
  const opening = passage.text.split(/(?<=[.!?])\s/)[0] ?? '';
  const snippet = opening
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SNIPPET_WORDS)
    .join(' ')
    .replace(/[.,;:!?"“”]+$/u, '')
    .replace(/["“”]/gu, '');
  if (words(snippet).length < 3) return null;
  const question = offlinePhrases(language).questionAbout(snippet);
  return question.length <= MAX_FOLLOW_UP_CHARS ? question : null;
}

/**
 * Up to three questions about passages the answer did not use yet, best first (the caller ranks the
 * passages against the user's profile), never the same question twice.
 */
export function offlineFollowUps(
  answer: string,
  passages: readonly CandidatePassage[],
  language = 'en',
): string[] {
  const questions: string[] = [];
  for (const passage of passages) {
    if (answerUsed(answer, passage)) continue;
    const question = questionAbout(passage, language);
    if (question && !questions.includes(question)) questions.push(question);
    if (questions.length === MAX_FOLLOW_UPS) break;
  }
  return questions;
}

/** A question's end in the answer languages' scripts: Latin, full-width (Chinese, Japanese), Arabic. */
const QUESTION_MARK = /[?？؟]$/u;

/**
 * The questions in a model's reply: one a line, numbering and bullets dropped, only lines that ask
 * something and are short, at most three.
 */
export function parseFollowUps(reply: string): string[] {
  const questions = reply
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/u, '').trim())
    .filter((line) => QUESTION_MARK.test(line) && line.length >= 8 && line.length <= MAX_FOLLOW_UP_CHARS);
  return [...new Set(questions)].slice(0, MAX_FOLLOW_UPS);
}
