import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { rankByBm25, weightedQuery } from './bm25';
import { untranslatedStatement } from './offline-statements';
import { type Passage, passageLabel } from './passages';
import type { StreamGate } from './stream-gate';
import { countTokens } from './tokenizer';

/** What the consultation hands the offline model through `providerOptions.offline`. */
export interface OfflineContext {
  passages: Passage[];
  /** The user's question; empty for the automatic first answer. */
  question: string;
  /** The business profile's text fields by name. */
  profile: Record<string, string>;
  /** The language code the user asked answers in ('Answer in'); English when absent. */
  language?: string;
  /** What the user told the consultant before that bears on the question, best first (decision 064). */
  memories?: { number: number; statement: string }[];
}

export const OFFLINE_MODEL_ID = 'offline';

const TOP_PASSAGES = 4;
const QUOTE_WORDS = 45;
const TOP_MEMORIES = 3;

/**
 * The built-in model used when no AI key is set: it ranks transcript passages against the question and
 * the business profile with BM25, cites their moments as [mm:ss] (or [V2 14:05] across several videos),
 * and streams the answer word by word.
 * Its token counts come from a real tokenizer (o200k_base).
 */
export function createOfflineModel(
  options: { wordDelayMs?: number; gate?: StreamGate } = {},
): LanguageModelV3 {
  const { wordDelayMs = 15, gate } = options;
  return {
    specificationVersion: 'v3',
    provider: 'vidvisor',
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},
    async doGenerate(callOptions) {
      const text = composeAnswer(contextOf(callOptions));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(callOptions.prompt, text),
        warnings: [],
      };
    },
    async doStream(callOptions) {
      const context = contextOf(callOptions);
      const text = composeAnswer(context);
      const words = text.split(/(?<=\s)/);
      const signal = callOptions.abortSignal;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 'answer' });
        },
        async pull(controller) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
            return;
          }
          if (index < words.length) {
            if (wordDelayMs > 0 && index > 0) await sleep(wordDelayMs, signal);
            await gate?.pass(index, signal);
            if (signal?.aborted) {
              controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
              return;
            }
            controller.enqueue({ type: 'text-delta', id: 'answer', delta: words[index]! });
            index += 1;
            return;
          }
          controller.enqueue({ type: 'text-end', id: 'answer' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageOf(callOptions.prompt, text),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

function contextOf(options: LanguageModelV3CallOptions): OfflineContext {
  const given = options.providerOptions?.offline as unknown as OfflineContext | undefined;
  if (given?.passages) return given;
  return { passages: [], question: lastUserText(options.prompt), profile: {} };
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  const message = [...prompt].reverse().find((m) => m.role === 'user');
  if (message?.role !== 'user') return '';
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

function usageOf(prompt: LanguageModelV3Prompt, completion: string): LanguageModelV3Usage {
  const promptText = prompt
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join(' '),
    )
    .join('\n');
  const input = countTokens(promptText);
  const output = countTokens(completion);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

const PROFILE_WEIGHTS: Record<string, number> = {
  currentChallenges: 1,
  shortTerm: 0.8,
  problemsAddressed: 0.6,
  productsServices: 0.6,
  longTerm: 0.5,
  usp: 0.4,
  industry: 0.4,
  demographics: 0.3,
  psychographics: 0.3,
};

/** The answer: the best-matching passages with their moments, tied back to the business. */
export function composeAnswer(context: OfflineContext): string {
  const query = weightedQuery([
    { text: context.question, weight: 3 },
    ...Object.entries(PROFILE_WEIGHTS).map(([field, weight]) => ({
      text: context.profile[field] ?? '',
      weight,
    })),
  ]);
  const ranked = rankByBm25(context.passages, (p) => p.text, query).map((r) => r.item);
  const best = ranked.length ? eachVideoFirst(ranked).slice(0, TOP_PASSAGES) : context.passages.slice(0, 2);
  // Quoted in video order; the advice starts from the best match.
  const chosen = [...best].sort(
    (a, b) => (a.source ?? 0) - (b.source ?? 0) || (a.start ?? 0) - (b.start ?? 0),
  );
  const several = new Set(context.passages.map((p) => p.source)).size > 1;
  const business = context.profile.businessName || 'your business';
  const lines: string[] = [];
  const statement = untranslatedStatement(context.language);
  if (statement) lines.push(`_${statement}_`, '');
  lines.push(
    context.question
      ? `Here is what ${several ? 'your videos say' : 'the video says'} that bears on your question, for ${business}:`
      : `Here are the moments of ${several ? 'these videos' : 'this video'} that matter most for ${business}, given your goals and challenges:`,
  );
  lines.push('');
  if (chosen.length === 0) {
    lines.push('- The transcript is too short to draw on.');
  }
  for (const passage of chosen) lines.push(`- ${cite(passage)}"${quote(passage.text)}"`);
  lines.push('', '**How to use it**', '');
  const challenge = context.profile.currentChallenges;
  const goal = context.profile.shortTerm;
  const first = best[0];
  if (first) {
    lines.push(
      `- Start with the idea at ${first.start === null ? 'the first passage above' : passageLabel(first)}${
        challenge ? `: weigh it against your current challenge (${lowerFirst(challenge)})` : ''
      }.`,
    );
  }
  if (goal) lines.push(`- Pick one step you can test this week toward your goal: ${lowerFirst(goal)}.`);
  lines.push('- Ask a follow-up about any moment above to dig deeper.');
  lines.push(...rememberedPart(context.memories ?? []));
  lines.push(
    '',
    `_This answer comes from the offline model: it quotes the most relevant moments of the ${several ? 'transcripts' : 'transcript'}. Configure an AI key for a written consultation._`,
  );
  return lines.join('\n');
}

/** "From what you told me before": the most relevant memories, quoted with their [M3]. */
function rememberedPart(memories: readonly { number: number; statement: string }[]): string[] {
  if (!memories.length) return [];
  return [
    '',
    '**From what you told me before**',
    '',
    ...memories.slice(0, TOP_MEMORIES).map((memory) => `- [M${memory.number}] "${memory.statement}"`),
  ];
}

/** Ranked passages with each video's best first (so an answer across videos quotes every one that matches). */
function eachVideoFirst(ranked: readonly Passage[]): Passage[] {
  const seen = new Set<number | undefined>();
  const leaders = ranked.filter((passage) => !seen.has(passage.source) && seen.add(passage.source));
  return [...leaders, ...ranked.filter((passage) => !leaders.includes(passage))];
}

function cite(passage: Passage): string {
  const label = passageLabel(passage);
  return label ? `${label} ` : '';
}

function quote(text: string): string {
  const words = text.split(/\s+/);
  return words.length > QUOTE_WORDS ? `${words.slice(0, QUOTE_WORDS).join(' ')}…` : text;
}

function lowerFirst(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
