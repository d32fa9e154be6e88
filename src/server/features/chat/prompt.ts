import { languageLabel } from '../../../shared/language-label';
import type { LanguageCode } from '../../../shared/languages';
import type { BusinessProfileInput } from '../../../shared/schemas/profile';
import { chunkSizeFor, splitTranscript } from '../../../shared/transcript-chunks';
import { rankByBm25, weightedQuery } from '../../adapters/ai/bm25';
import { formatPassage, type Passage } from '../../adapters/ai/passages';

/** What the automatic first answer asks for (not stored: the chat starts with the answer). */
export const FIRST_REPLY_REQUEST =
  'Give me your first consultation on this video: the ideas in it that matter most for my business, with concrete next steps. Cite the moments you draw on.';

/** Earlier messages sent with each request: the newest ones that are not apologies or blank (older context stays in the chat). */
export const HISTORY_MESSAGES = 20;

const CITATION_RULE =
  'When you draw on the video, cite the moment as [mm:ss] (or [h:mm:ss]) using the timestamps in the transcript.';

/** The rule of a consultation of several videos: citations name the video as well as the moment. */
export const SOURCES_CITATION_RULE =
  'The consultation draws on several videos, numbered V1, V2 and so on. When you draw on one, cite the video and the moment as [V2 14:05] (or [V2 1:02:05]), exactly as the passages below are labelled.';

/**
 * The user's 'Answer in' setting as an instruction: `what` is written in that language whatever the
 * language of the video or the question, and citations stay exactly as they are.
 */
export function answerLanguageRule(code: LanguageCode, what = 'your whole answer'): string {
  return `Write ${what} in ${languageLabel(code)}, whatever the language of the video, its transcript or the question; translate what you take from the video. Keep every citation exactly as written.`;
}

/** The profile as labelled lines for the prompt. */
export function profileText(profile: BusinessProfileInput): string {
  const lines: [string, string][] = [
    ['Name', `${profile.firstName} ${profile.lastName}`.trim()],
    ['Business', profile.businessName],
    ['Industry', profile.industry],
    ['Products and services', profile.productsServices],
    ['Elevator pitch', profile.elevatorPitch],
    ['Target market: demographics', profile.targetMarket.demographics],
    ['Target market: psychographics', profile.targetMarket.psychographics],
    ['Problems addressed', profile.problemsAddressed],
    ['Unique selling proposition', profile.usp],
    ['Short-term goals (6-12 months)', profile.businessGoals.shortTerm],
    ['Long-term goals (1-5 years)', profile.businessGoals.longTerm],
    ['Current challenges', profile.currentChallenges],
    ['Additional details', profile.additionalDetails],
  ];
  return lines
    .filter(([, value]) => value.trim())
    .map(([label, value]) => `- ${label}: ${value}`)
    .join('\n');
}

/** The profile's fields by name, as the offline model ranks against them. */
export function profileFields(profile: BusinessProfileInput): Record<string, string> {
  return {
    businessName: profile.businessName,
    industry: profile.industry,
    productsServices: profile.productsServices,
    demographics: profile.targetMarket.demographics,
    psychographics: profile.targetMarket.psychographics,
    problemsAddressed: profile.problemsAddressed,
    usp: profile.usp,
    shortTerm: profile.businessGoals.shortTerm,
    longTerm: profile.businessGoals.longTerm,
    currentChallenges: profile.currentChallenges,
  };
}

/**
 * The system prompt: instructions, the citation rule, the answer's language, the profile, what the
 * consultant remembers of the business (`memories`, decision 064; none when empty) and the transcript.
 */
export function systemPrompt(
  instructions: string,
  profile: BusinessProfileInput,
  transcriptSection: string,
  { citationRule = CITATION_RULE, memories = '' }: { citationRule?: string; memories?: string } = {},
) {
  return [
    instructions.trim(),
    citationRule,
    answerLanguageRule(profile.answerLanguage),
    `## The business profile\n${profileText(profile) || '(not given)'}`,
    memories,
    transcriptSection,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The transcript with its timestamps, one passage per line. */
export function timedTranscript(passages: readonly Passage[]): string {
  return passages.map(formatPassage).join('\n');
}

/** The transcript's budget in characters: the spec's chunk size for this profile. */
export function transcriptBudget(profile: BusinessProfileInput): number {
  return chunkSizeFor(profile);
}

export function fullTranscriptSection(text: string): string {
  return `## The video transcript\n${text}`;
}

/**
 * For a transcript over the budget: the passages most relevant to the question, in video order, up to
 * the budget (a follow-up question rarely needs the whole of a long video).
 */
export function relevantExcerptsSection(
  passages: readonly Passage[],
  question: string,
  budget: number,
): string {
  const ranked = rankByBm25(passages, (p) => p.text, weightedQuery([{ text: question, weight: 1 }]));
  const order = ranked.length ? ranked.map((r) => r.item) : [...passages];
  const chosen: Passage[] = [];
  let used = 0;
  for (const passage of order) {
    const size = formatPassage(passage).length + 1;
    if (used + size > budget) continue;
    chosen.push(passage);
    used += size;
  }
  chosen.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  return `## Excerpts of the video transcript (the parts most relevant to the question; the video is long)\n${timedTranscript(chosen)}`;
}

/**
 * The videos of a consultation of several and the passages retrieved for the question, video by
 * video, each in video order and labelled [V2 14:05].
 */
export function sourcesSection(
  videos: readonly { number: number; title: string }[],
  passages: readonly Passage[],
) {
  const list = videos.map((video) => `- V${video.number}: ${video.title}`).join('\n');
  return `## The videos\n${list}\n\n## Passages of the videos (the parts most relevant to the question)\n${timedTranscript(passages)}`;
}

export function notesSection(notes: string[]): string {
  return `## Notes on the video transcript (the video is long; these notes cover it part by part)\n${notes
    .map((note, i) => `### Part ${i + 1}\n${note}`)
    .join('\n\n')}`;
}

export function transcriptChunks(transcript: string, profile: BusinessProfileInput): string[] {
  return splitTranscript(transcript, transcriptBudget(profile));
}

export const CHUNK_NOTES_SYSTEM =
  'You take notes on one part of a long video transcript for a business consultant. List the ideas, advice, numbers and examples in it as short bullet points, each starting with the [mm:ss] timestamp it comes from when the transcript has one. No introduction.';
