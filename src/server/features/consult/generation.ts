import { randomUUID } from 'node:crypto';
import { generateText, type LanguageModelUsage } from 'ai';
import type { SQL } from 'drizzle-orm';
import type { ConsultUIMessage, MessageStatus } from '../../../shared/consult-stream';
import { monthKey } from '../../../shared/dates';
import { FIRST_REPLY_FAILED_MESSAGE, REPLY_FAILED_MESSAGE } from '../../../shared/schemas/consult';
import type { BusinessProfileInput } from '../../../shared/schemas/profile';
import { passagesOf } from '../../adapters/ai/passages';
import { countTokens } from '../../adapters/ai/tokenizer';
import type { AppDeps, SessionUser } from '../../context';
import type { chatMessages } from '../../db/schema';
import { type ChunkWriter, uiMessageStreamResponse } from '../../http/ui-message-stream';
import { loadGateState } from '../account/gate.service';
import { type AssistantSettings, currentAssistantSettings } from '../assistant/assistant.service';
import { type GenerationSlot, usageIncrement } from '../usage/usage.service';
import { askModel, type ModelAnswer, type ModelPrompt } from './ask-model';
import {
  addChatTokensStatement,
  type ChatRow,
  type HistoryMessage,
  insertMessageStatement,
  writeTogether,
} from './consult.queries';
import type { EarlyAnswer, HeadStart, PromptMemo } from './head-start';
import {
  CHUNK_NOTES_SYSTEM,
  FIRST_REPLY_REQUEST,
  fullTranscriptSection,
  notesSection,
  profileFields,
  relevantExcerptsSection,
  systemPrompt,
  timedTranscript,
  transcriptBudget,
  transcriptChunks,
} from './prompt';

/** The spec's AI client timeout: a reply that runs longer is cut off and saved as it stands. */
const REPLY_TIMEOUT_MS = 10 * 60_000;
/** Retries of a notes request on a long transcript (the SDK backs off, honouring retry-after). */
const CHUNK_MAX_RETRIES = 5;

export interface ReplyRequest {
  user: SessionUser;
  chatId: string;
  /**
   * The chat's transcript, taken once to build the prompt (`takeTranscript`): a reply streams for
   * minutes, thousands may stream at once, and by then the prompt carries what it needs of it.
   */
  transcript: ChatTranscript | null;
  kind: 'first' | 'follow-up';
  /** The user's new message; empty for the first answer. */
  question: string;
  /**
   * Settles with the question's time when it is stored (the route starts storing it as the reply
   * starts, so the provider's wait covers the write). No text is sent or saved before it is stored;
   * when storing fails, the reply is abandoned without a trace and the route answers with the error.
   */
  questionStored?: Promise<Date>;
  /** The conversation before the question, as the prompt carries it. */
  history: HistoryMessage[];
  slot: GenerationSlot;
  /** Aborted when the client disconnects or presses Stop. */
  requestSignal: AbortSignal;
  /** The instructions, model and profile, loaded while the route does its own work. */
  context: Promise<PromptContext>;
  /** A follow-up's early answer, and the memo that lets the chat's next one start early (decision 031). */
  headStart?: HeadStart;
}

export type ChatTranscript = Pick<ChatRow, 'transcript' | 'transcriptSegments'>;

/** What a reply needs of its chat. */
export function replyChat(chat: ChatRow): Pick<ReplyRequest, 'chatId' | 'transcript'> {
  return {
    chatId: chat.id,
    transcript: { transcript: chat.transcript, transcriptSegments: chat.transcriptSegments },
  };
}

export interface PromptContext {
  settings: AssistantSettings;
  profile: BusinessProfileInput;
}

/**
 * Starts loading what the prompt needs (the profile comes from the request's gate read, shared with the
 * onboarding check); a failure surfaces where the reply awaits it (and is stored as such).
 */
export function loadPromptContext(deps: AppDeps, user: SessionUser): Promise<PromptContext> {
  const context = Promise.all([
    currentAssistantSettings(deps.database),
    loadGateState(deps.db, user).then((state) => state.profile),
  ]).then(([settings, profile]) => ({ settings, profile }));
  return handledLater(context);
}

/**
 * A read started early and awaited later (or never, when an earlier check answers first): its failure
 * surfaces where it is awaited, and is not reported as an unhandled rejection before that.
 */
export function handledLater<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => {});
  return pending;
}

interface Tokens {
  prompt: number;
  completion: number;
}

type Outcome = 'complete' | 'stopped' | 'failed';

/**
 * Streams a reply as the AI SDK's UI message stream and stores it when it ends, however it ends:
 * complete, stopped (client gone or Stop), or failed (provider error, timeout, server shutting down);
 * only a reply whose question could not be stored is dropped. The stored message, the chat's total,
 * the month's usage and the lease release are one statement: all or nothing.
 */
export function streamReply(deps: AppDeps, request: ReplyRequest): Response {
  return uiMessageStreamResponse<ConsultUIMessage>((write) => generate(deps, request, write), {
    onError: () => apologyFor(request),
    headers: { 'cache-control': 'no-store' },
  });
}

type Write = ChunkWriter<ConsultUIMessage>;

interface Reply {
  text: string;
  outcome: Outcome;
  /** Spent so far: the notes on a long transcript as each part is read, then the answer. */
  tokens: Tokens;
  /** Whether the provider reported the answer's usage (a cut-off stream, or some endpoints, never do). */
  usageReported: boolean;
}

/** Once the client has gone, writes are dropped: the reply goes on until the abort lands, then is saved. */
async function generate(deps: AppDeps, request: ReplyRequest, write: Write) {
  const timeout = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const abandon = new AbortController();
  const abortSignal = AbortSignal.any([request.requestSignal, deps.shutdownSignal, timeout, abandon.signal]);
  // When the question was stored (the epoch for a first answer, which has none); null if it was not.
  const questionStored = (request.questionStored ?? Promise.resolve(new Date(0))).then(
    (storedAt) => storedAt.getTime(),
    () => null,
  );
  const textId = randomUUID();
  const reply: Reply = {
    text: '',
    outcome: 'complete',
    tokens: { prompt: 0, completion: 0 },
    usageReported: false,
  };
  const spend = (tokens: Tokens) => {
    reply.tokens = add(reply.tokens, tokens);
  };
  let prompt: Prompt | null = null;
  const early = request.headStart?.early;

  write({ type: 'start', messageId: randomUUID() });
  try {
    prompt = await buildPrompt(deps, request, { abortSignal, write, spend });
    const answer = handledLater(answerFor(deps, request.chatId, early, prompt, abortSignal));
    if ((await questionStored) === null) return abandon.abort();
    await streamAnswer(deps, request, { answer, textId, write, reply });
  } catch (error) {
    reply.outcome = abortSignal.aborted ? stoppedOrFailed(request, deps, timeout) : 'failed';
    if (reply.outcome === 'failed') deps.logger.warn({ err: error, chatId: request.chatId }, 'reply failed');
  } finally {
    early?.drop();
  }
  // Nothing of a reply to a question that could not be stored is kept: the route answers with the error.
  const questionAt = await questionStored;
  if (questionAt === null) return;
  if (prompt && !reply.usageReported && keepsText(request, reply)) {
    // No usage from the provider for a stored answer: count what was sent and received. An answer
    // that stores nothing (a failure or a Stop before its first token) costs the user nothing.
    spend({ prompt: countPromptTokens(prompt), completion: countTokens(reply.text) });
  }
  // Stored after its question, even in the same millisecond: the history reads them back in that order.
  const saved = await saveReply(deps, request, reply, Math.max(Date.now(), questionAt + 1));
  if (saved.stored && prompt?.wholeTranscript) {
    request.headStart?.remember(nextPromptMemo(request, prompt, reply));
  }
  if (reply.outcome === 'failed') {
    const id = `${textId}-apology`;
    write({ type: 'text-start', id });
    write({ type: 'text-delta', id, delta: `${reply.text ? '\n\n' : ''}${apologyFor(request)}` });
    write({ type: 'text-end', id });
  }
  write({ type: 'finish', messageMetadata: { totalTokens: saved.totalTokens, status: saved.status } });
}

interface Prompt extends ModelPrompt {
  /** Whether the whole transcript is in it (so a follow-up's prompt differs only by its history). */
  wholeTranscript: boolean;
}

interface Preparation {
  abortSignal: AbortSignal;
  write: Write;
  /** Counts tokens as they are spent, so a reply cut off while its notes are taken still pays for them. */
  spend: (tokens: Tokens) => void;
}

async function buildPrompt(deps: AppDeps, request: ReplyRequest, preparation: Preparation): Promise<Prompt> {
  const { settings, profile } = await request.context;
  const model = deps.ai.languageModel(settings.model);
  const question = request.question || FIRST_REPLY_REQUEST;
  const source = takeTranscript(request);
  const passages = passagesOf(source.transcript, source.transcriptSegments);
  const { section, whole } = await transcriptSection(deps, request, {
    ...preparation,
    profile,
    passages,
    question,
    model,
  });
  return {
    model,
    system: systemPrompt(settings.instructions, profile, section),
    messages: [...request.history, { role: 'user', content: question }],
    wholeTranscript: whole,
    offline:
      deps.ai.kind === 'offline'
        ? { passages, question: request.question, profile: profileFields(profile) }
        : undefined,
  };
}

function takeTranscript(request: ReplyRequest): ChatTranscript {
  const { transcript } = request;
  if (!transcript) throw new Error("A reply's transcript is taken once");
  request.transcript = null;
  return transcript;
}

/**
 * The model's answer to `prompt`: the follow-up's early answer when it asked exactly this (decision
 * 031), else a request sent now.
 */
function answerFor(
  deps: AppDeps,
  chatId: string,
  early: EarlyAnswer | undefined,
  prompt: Prompt,
  abortSignal: AbortSignal,
) {
  const taken = early?.takeFor(prompt, abortSignal);
  if (early && !taken) deps.logger.info({ chatId }, 'early answer dropped: the prompt changed');
  return taken ?? askModel(prompt, abortSignal);
}

/**
 * The prompt the chat's next follow-up would start from: this one's history with the question and the
 * answer as the history query will read them back (oldest first, no apologies, nothing blank).
 */
function nextPromptMemo(request: ReplyRequest, prompt: Prompt, reply: Reply): PromptMemo {
  const history = request.kind === 'first' ? [] : prompt.messages;
  const answer = keepsText(request, reply) && /\S/.test(reply.text) ? [assistant(reply.text)] : [];
  return { modelId: prompt.model.modelId, system: prompt.system, history: [...history, ...answer] };
}

function assistant(content: string): HistoryMessage {
  return { role: 'assistant', content };
}

/**
 * Streams the model's answer to the browser, collecting its text and usage into `reply`. A provider
 * failure reported in the stream marks the reply failed; an abort or a lost connection throws, with
 * the text so far kept in `reply`.
 */
async function streamAnswer(
  deps: AppDeps,
  request: ReplyRequest,
  run: {
    answer: ModelAnswer;
    textId: string;
    write: Write;
    reply: Reply;
  },
) {
  const { textId, write, reply } = run;
  let textStarted = false;
  try {
    for await (const part of await run.answer) {
      if (part.type === 'text-delta') {
        if (!textStarted) write({ type: 'text-start', id: textId });
        textStarted = true;
        reply.text += part.delta;
        write({ type: 'text-delta', id: textId, delta: part.delta });
      } else if (part.type === 'finish') {
        const { inputTokens, outputTokens } = part.usage;
        reply.usageReported = inputTokens.total !== undefined || outputTokens.total !== undefined;
        reply.tokens = add(reply.tokens, {
          prompt: inputTokens.total ?? 0,
          completion: outputTokens.total ?? 0,
        });
      } else if (part.type === 'error') {
        reply.outcome = 'failed';
        deps.logger.warn({ err: part.error, chatId: request.chatId }, 'AI provider failed while streaming');
      }
    }
  } finally {
    if (textStarted) write({ type: 'text-end', id: textId });
  }
}

function stoppedOrFailed(request: ReplyRequest, deps: AppDeps, timeout: AbortSignal): Outcome {
  // The user's own Stop or a closed tab is not a failure; a timeout or a shutdown is.
  if (request.requestSignal.aborted && !deps.shutdownSignal.aborted && !timeout.aborted) return 'stopped';
  return 'failed';
}

/**
 * The transcript as the prompt carries it: whole when it fits the budget; for the first answer on a
 * longer one, notes taken part by part (with progress sent to the browser); for a follow-up, the
 * passages most relevant to the question.
 */
async function transcriptSection(
  deps: AppDeps,
  request: ReplyRequest,
  context: Preparation & {
    profile: BusinessProfileInput;
    passages: ReturnType<typeof passagesOf>;
    question: string;
    model: ReturnType<AppDeps['ai']['languageModel']>;
  },
): Promise<{ section: string; whole: boolean }> {
  const timed = timedTranscript(context.passages);
  const budget = transcriptBudget(context.profile);
  if (timed.length <= budget) return { section: fullTranscriptSection(timed), whole: true };
  if (request.kind === 'follow-up' || deps.ai.kind === 'offline') {
    return { section: relevantExcerptsSection(context.passages, context.question, budget), whole: false };
  }
  const chunks = transcriptChunks(timed, context.profile);
  const notes: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    context.write({ type: 'data-progress', data: { part: index + 1, of: chunks.length }, transient: true });
    const result = await generateText({
      model: context.model,
      system: CHUNK_NOTES_SYSTEM,
      prompt: chunk,
      abortSignal: context.abortSignal,
      maxRetries: CHUNK_MAX_RETRIES,
      providerOptions: {
        offline: { passages: [], question: '', profile: {}, mode: 'notes' } as never,
      },
    });
    context.spend(usageTokens(result.totalUsage));
    notes.push(result.text.trim());
  }
  return { section: notesSection(notes), whole: false };
}

function usageTokens(usage: LanguageModelUsage): Tokens {
  return { prompt: usage.inputTokens ?? 0, completion: usage.outputTokens ?? 0 };
}

function add(a: Tokens, b: Tokens): Tokens {
  return { prompt: a.prompt + b.prompt, completion: a.completion + b.completion };
}

function countPromptTokens(prompt: Pick<Prompt, 'system' | 'messages'>): number {
  const messages = prompt.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  return countTokens(`${prompt.system}\n${messages}`);
}

function apologyFor(request: ReplyRequest): string {
  return request.kind === 'first' ? FIRST_REPLY_FAILED_MESSAGE : REPLY_FAILED_MESSAGE;
}

/** A reply with text is stored; so is a stopped first answer, even empty, so the chat does not wait for it. */
function keepsText(request: ReplyRequest, reply: Reply): boolean {
  return reply.text.trim() !== '' || (request.kind === 'first' && reply.outcome === 'stopped');
}

/**
 * Stores what the reply produced: the text with its status and tokens where it is kept (`keepsText`),
 * then an apology where the reply failed, carrying the tokens when no text does.
 */
async function saveReply(
  deps: AppDeps,
  request: ReplyRequest,
  reply: Reply,
  now: number,
): Promise<{ totalTokens: number; status: MessageStatus; stored: boolean }> {
  const { user, chatId } = request;
  const totalTokens = reply.tokens.prompt + reply.tokens.completion;
  const status: MessageStatus = reply.outcome === 'complete' ? 'complete' : 'partial';
  const keepText = keepsText(request, reply);
  const message = (values: Partial<typeof chatMessages.$inferInsert>) =>
    insertMessageStatement(deps.db, {
      chatId,
      userId: user.id,
      role: 'assistant',
      content: '',
      ...values,
    });
  const spent = { promptTokens: reply.tokens.prompt, completionTokens: reply.tokens.completion, totalTokens };
  const writes: SQL[] = [];
  if (keepText) writes.push(message({ content: reply.text, status, ...spent, createdAt: new Date(now) }));
  if (reply.outcome === 'failed') {
    // Tokens spent on a failure with no text still count: they are on the apology.
    const apologyTokens = keepText ? {} : spent;
    writes.push(
      message({
        content: apologyFor(request),
        status: 'error',
        ...apologyTokens,
        createdAt: new Date(now + 1),
      }),
    );
  }
  if (totalTokens > 0) {
    writes.push(
      addChatTokensStatement(deps.db, chatId, totalTokens),
      usageIncrement(deps.db, {
        userId: user.id,
        month: monthKey(new Date(now)),
        tokens: totalTokens,
      }).getSQL(),
    );
  }
  const release = request.slot.releaseStatement();
  if (release) writes.push(release);
  let stored = true;
  try {
    // One statement: the message, the chat's total, the month's usage and the lease, all or nothing.
    await writeTogether(deps.db, writes);
  } catch (error) {
    stored = false;
    deps.logger.error({ err: error, chatId }, 'could not store a reply');
  }
  return { totalTokens, status: reply.outcome === 'failed' && !keepText ? 'error' : status, stored };
}
