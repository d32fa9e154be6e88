import { randomUUID } from 'node:crypto';
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  streamText,
  type UIMessageStreamWriter,
} from 'ai';
import type { SQL } from 'drizzle-orm';
import type { ConsultUIMessage, MessageStatus } from '../../../shared/consult-stream';
import { monthKey } from '../../../shared/dates';
import { FIRST_REPLY_FAILED_MESSAGE, REPLY_FAILED_MESSAGE } from '../../../shared/schemas/consult';
import type { BusinessProfileInput } from '../../../shared/schemas/profile';
import type { OfflineContext } from '../../adapters/ai';
import { type Passage, passagesOf } from '../../adapters/ai/passages';
import { countTokens } from '../../adapters/ai/tokenizer';
import type { AppDeps, SessionUser } from '../../context';
import type { ReplyPlace } from '../../http/admission';
import { loadGateState } from '../account/gate.service';
import { queueRemembering } from '../memory/extraction';
import { memorySection } from '../memory/memory-prompt';
import { type GenerationSlot, usageIncrement } from '../usage/usage.service';
import {
  type ChatRow,
  chainedMessages,
  type HistoryMessage,
  insertMessagesStatement,
  updateChatStatement,
  writeTogether,
} from './chat.queries';
import type { ReplyPlacement } from './chat.service';
import { announceLiveReply, endLiveRowStatement, type LiveRow } from './live-reply.queries';
import {
  CHUNK_NOTES_SYSTEM,
  FIRST_REPLY_REQUEST,
  fullTranscriptSection,
  notesSection,
  profileFields,
  relevantExcerptsSection,
  SOURCES_CITATION_RULE,
  sourcesSection,
  systemPrompt,
  timedTranscript,
  transcriptBudget,
  transcriptChunks,
} from './prompt';
import { readPromptContext } from './prompt-context';
import { chatReplySources, type ReplySources } from './sources.service';

/** The spec's AI client timeout: a reply that runs longer is cut off and saved as it stands. */
const REPLY_TIMEOUT_MS = 10 * 60_000;
/** Retries of a failed or rate-limited provider call (the SDK backs off, honouring retry-after). */
const MAX_RETRIES = 2;
/** The part of a reply's videos its memories are ranked against (their first words count most). */
const ABOUT_VIDEO_CHARS = 4000;
/** Retries of a notes request on a long transcript. */
const CHUNK_MAX_RETRIES = 5;

interface ReplyBase {
  user: SessionUser;
  kind: 'first' | 'follow-up';
  /** The user's new message, already stored (for a library answer, with its consultation); empty for the first answer. */
  question: string;
  /** The conversation before the question, oldest first, as the prompt carries it. */
  history: HistoryMessage[];
  slot: GenerationSlot;
  /** Where the answer goes in the chat's messages (decision 041). */
  placement: ReplyPlacement;
  /** A new version of the last answer, whose claim the stored reply ends. */
  regeneration?: boolean;
  /** The reply's place in admission: prepared once its prompt is built (decision 053), released once
   * the reply is saved, not before (decision 042). */
  place: ReplyPlace;
}

/** A reply in a chat, or the answer of 'Ask your library' in the consultation it has just opened. */
export type ReplyRequest = ReplyBase &
  (
    | { chat: Pick<ChatRow, 'id' | 'transcript' | 'transcriptSegments'>; library?: undefined }
    | {
        chat: Pick<ChatRow, 'id'>;
        /** The videos and passages found across the library, which the stored consultation draws on. */
        library: ReplySources;
      }
  );

type Outcome = 'complete' | 'stopped' | 'failed';

interface Tokens {
  prompt: number;
  completion: number;
}

/** What a reply produced so far: its text, how it ended, and the tokens it spent. */
interface Reply {
  /** The stored answer's id, known from the stream's start: a reloaded chat keeps the element it streamed. */
  id: string;
  text: string;
  outcome: Outcome;
  /** Spent so far: the notes on a long transcript as each part is read, then the answer. */
  tokens: Tokens;
  /** Whether the provider reported the answer's usage (a cut-off stream, or some endpoints, never do). */
  usageReported: boolean;
  /** The model that writes it ('offline' for the built-in one), stored with the answer for its ratings. */
  model?: string;
}

/**
 * Streams a reply as the AI SDK's UI message stream and stores it when it ends, however it ends:
 * complete, stopped (the stop route), or failed (provider error, timeout, server shutting down). The
 * reply is kept live (decision 065): a client that goes away does not stop it, and a reload or another
 * tab follows it. The stored answer, the chat's total, the month's usage and the lease's release are
 * one statement; the reply's place in admission is freed after it, since the server works on a reply
 * until it is saved.
 */
export function streamReply(deps: AppDeps, request: ReplyRequest): Response {
  // The chat row, its transcript and segments (or the library's passages) build the prompt and are let
  // go: a streaming reply keeps the chat's id, not the chat (decision 042).
  const sources: PromptSources = { request };
  const { chat, library: _library, ...base } = request;
  const stopper = new AbortController();
  const live = { userId: base.user.id, afterMessageId: base.placement.parentId };
  const liveRow = announceLiveReply(deps, { chatId: chat.id, ...live, timeoutMs: REPLY_TIMEOUT_MS });
  const lean: LeanRequest = { ...base, chat: { id: chat.id }, stopSignal: stopper.signal, liveRow };
  const stream = createUIMessageStream<ConsultUIMessage>({
    execute: ({ writer }) => writeReply(deps, lean, sources, writer).finally(lean.place.release),
    onError: () => apologyFor(lean),
  });
  return createUIMessageStreamResponse({
    stream: deps.liveReplies.keep(chat.id, live, stopper, stream, liveRow?.written),
    headers: { 'cache-control': 'no-store' },
  });
}

/**
 * What a reply keeps while it streams: who asks, what, the chat's id, the signal of its stop route and
 * its live row (PostgreSQL, decision 071).
 */
type LeanRequest = ReplyBase & {
  chat: Pick<ChatRow, 'id'>;
  stopSignal: AbortSignal;
  liveRow: LiveRow | null;
};

/** The whole request, handed to the prompt once and then forgotten. */
interface PromptSources {
  request?: ReplyRequest;
}

type Writer = UIMessageStreamWriter<ConsultUIMessage>;

/** Builds the prompt from the request's sources, which nothing holds once it returns. */
async function promptFrom(deps: AppDeps, sources: PromptSources, run: Run): Promise<Prompt> {
  const request = sources.request!;
  sources.request = undefined;
  if (request.library) {
    run.writer.write({ type: 'data-consultation', data: { chatId: request.chat.id }, transient: true });
    run.writer.write({ type: 'data-sources', data: request.library.videos, transient: true });
  }
  return buildPrompt(deps, request, run);
}

async function writeReply(deps: AppDeps, request: LeanRequest, sources: PromptSources, writer: Writer) {
  const timeout = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const { stopSignal } = request;
  const abortSignal = AbortSignal.any([stopSignal, deps.shutdownSignal, timeout]);
  const reply: Reply = {
    id: randomUUID(),
    text: '',
    outcome: 'complete',
    tokens: { prompt: 0, completion: 0 },
    usageReported: false,
  };
  // The user's own Stop is not a failure; a timeout or a shutdown is.
  const abortOutcome = (): Outcome =>
    stopSignal.aborted && !deps.shutdownSignal.aborted && !timeout.aborted ? 'stopped' : 'failed';
  writer.write({ type: 'start', messageId: reply.id });
  let prompt: Prompt | null = null;
  const run: Run = { abortSignal, abortOutcome, writer, reply, prepared: request.place.prepared };
  try {
    prompt = await promptFrom(deps, sources, run).finally(run.prepared);
    await streamAnswer(deps, request, prompt, run);
  } catch (error) {
    reply.outcome = abortSignal.aborted ? abortOutcome() : 'failed';
    if (reply.outcome === 'failed') deps.logger.warn({ err: error, chatId: request.chat.id }, 'reply failed');
  }
  if (prompt && !reply.usageReported && keepsText(request, reply)) {
    // No usage from the provider for a stored answer: count what was sent and received. An answer
    // that stores nothing (a failure or a Stop before its first token) costs the user nothing.
    reply.tokens.prompt += countPromptTokens(prompt);
    reply.tokens.completion += countTokens(reply.text);
  }
  const saved = await saveReply(deps, request, reply);
  if (reply.outcome === 'failed') {
    const id = 'apology';
    writer.write({ type: 'text-start', id });
    writer.write({ type: 'text-delta', id, delta: `${reply.text ? '\n\n' : ''}${apologyFor(request)}` });
    writer.write({ type: 'text-end', id });
  }
  writer.write({ type: 'finish', messageMetadata: saved });
  if (reply.outcome === 'complete') await rememberTurn(deps, request);
}

/** A finished answer to the user's message: what the message says of the business is read later, on the queue. */
async function rememberTurn(deps: AppDeps, request: LeanRequest) {
  const messageId = request.placement.parentId;
  if (request.kind !== 'follow-up' || !messageId) return;
  await queueRemembering(deps, { messageId }).catch((error) =>
    deps.logger.warn({ err: error, chatId: request.chat.id }, 'could not queue remembering a turn'),
  );
}

interface Prompt {
  model: LanguageModel;
  system: string;
  messages: HistoryMessage[];
  /** What the offline model answers from; only when it is the model. */
  offline?: OfflineContext;
}

interface Run {
  abortSignal: AbortSignal;
  /** How an abort ends the reply: stopped by the user, or failed (timeout, shutdown). */
  abortOutcome: () => Outcome;
  writer: Writer;
  reply: Reply;
  /** Marks the reply's own work done before it waits on the model (decision 053). */
  prepared: () => void;
}

async function buildPrompt(deps: AppDeps, request: ReplyRequest, run: Run): Promise<Prompt> {
  const [{ profile }, { settings, memories, sources: chatSources }] = await Promise.all([
    loadGateState(deps.db, request.user),
    readPromptContext(deps.db, {
      userId: request.user.id,
      chatId: request.chat.id,
      about: aboutText(request),
      withSources: !request.library,
    }),
  ]);
  const remembered = memorySection(memories);
  const model = deps.ai.languageModel(settings.model);
  run.reply.model = deps.ai.kind === 'offline' ? 'offline' : settings.model;
  const question = request.question || FIRST_REPLY_REQUEST;
  const messages = [...request.history, { role: 'user' as const, content: question }];
  const offline = (passages: Passage[]) =>
    deps.ai.kind === 'offline'
      ? {
          passages,
          question: request.question,
          profile: profileFields(profile),
          language: profile.answerLanguage,
          memories: memories.filter((memory) => memory.relevant),
        }
      : undefined;
  const fromSources = (sources: ReplySources): Prompt => ({
    model,
    system: systemPrompt(settings.instructions, profile, sourcesSection(sources.videos, sources.passages), {
      citationRule: SOURCES_CITATION_RULE,
      memories: remembered,
    }),
    messages,
    offline: offline(sources.passages),
  });
  if (request.library) return fromSources(request.library);
  const chat = { id: request.chat.id, sources: chatSources };
  const sources = await chatReplySources(deps.db, chat, question, transcriptBudget(profile));
  if (sources) return fromSources(sources);
  const passages = passagesOf(request.chat.transcript, request.chat.transcriptSegments);
  const section = await transcriptSection(deps, request, run, { model, profile, passages });
  return {
    model,
    system: systemPrompt(settings.instructions, profile, section, { memories: remembered }),
    messages,
    offline: offline(passages),
  };
}

/** What the memories of a reply are ranked against: the question, then the start of its videos. */
function aboutText(request: ReplyRequest): string {
  const videos = request.library
    ? request.library.passages.map((passage) => passage.text).join(' ')
    : request.chat.transcript;
  return `${request.question}\n${videos.slice(0, ABOUT_VIDEO_CHARS)}`;
}

/**
 * Streams the model's answer to the browser through the SDK's UI message stream, collecting its text
 * into `reply`. A provider failure marks the reply failed (the browser gets the apology, not the
 * provider's error); an abort ends the stream with the text so far, stopped or failed.
 */
async function streamAnswer(deps: AppDeps, request: LeanRequest, prompt: Prompt, run: Run) {
  const { reply, writer } = run;
  const answer = streamText({
    model: prompt.model,
    system: prompt.system,
    messages: prompt.messages,
    abortSignal: run.abortSignal,
    maxRetries: MAX_RETRIES,
    providerOptions: prompt.offline && { offline: prompt.offline as never },
    onError: ({ error }) => {
      reply.outcome = 'failed';
      deps.logger.warn({ err: error, chatId: request.chat.id }, 'AI provider failed');
    },
    onAbort: () => {
      reply.outcome = run.abortOutcome();
    },
    onFinish: ({ totalUsage }) => {
      reply.usageReported = totalUsage.inputTokens !== undefined || totalUsage.outputTokens !== undefined;
      addTokens(reply, usageTokens(totalUsage));
    },
  });
  for await (const chunk of answer.toUIMessageStream<ConsultUIMessage>({
    sendStart: false,
    sendFinish: false,
  })) {
    if (chunk.type === 'error' || chunk.type === 'abort') continue;
    if (chunk.type === 'text-delta') reply.text += chunk.delta;
    writer.write(chunk);
  }
}

/**
 * The transcript as the prompt carries it: whole when it fits the budget; for the first answer on a
 * longer one, notes taken part by part (with progress sent to the browser); for a follow-up, the
 * passages most relevant to the question.
 */
async function transcriptSection(
  deps: AppDeps,
  request: ReplyRequest,
  run: Run,
  context: { model: LanguageModel; profile: BusinessProfileInput; passages: Passage[] },
): Promise<string> {
  const timed = timedTranscript(context.passages);
  const budget = transcriptBudget(context.profile);
  if (timed.length <= budget) return fullTranscriptSection(timed);
  if (request.kind === 'follow-up' || deps.ai.kind === 'offline') {
    return relevantExcerptsSection(context.passages, request.question || FIRST_REPLY_REQUEST, budget);
  }
  const chunks = transcriptChunks(timed, context.profile);
  // Notes are the model's work, part by part: the reply no longer holds a preparing place meanwhile.
  run.prepared();
  const notes: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    run.writer.write({
      type: 'data-progress',
      data: { part: index + 1, of: chunks.length },
      transient: true,
    });
    const result = await generateText({
      model: context.model,
      system: CHUNK_NOTES_SYSTEM,
      prompt: chunk,
      abortSignal: run.abortSignal,
      maxRetries: CHUNK_MAX_RETRIES,
    });
    addTokens(run.reply, usageTokens(result.totalUsage));
    notes.push(result.text.trim());
  }
  return notesSection(notes);
}

function usageTokens(usage: LanguageModelUsage): Tokens {
  return { prompt: usage.inputTokens ?? 0, completion: usage.outputTokens ?? 0 };
}

function addTokens(reply: Reply, tokens: Tokens) {
  reply.tokens = {
    prompt: reply.tokens.prompt + tokens.prompt,
    completion: reply.tokens.completion + tokens.completion,
  };
}

function countPromptTokens(prompt: Prompt): number {
  return countTokens(`${prompt.system}\n${prompt.messages.map((m) => m.content).join('\n')}`);
}

function apologyFor(request: Pick<ReplyBase, 'kind'>): string {
  return request.kind === 'first' ? FIRST_REPLY_FAILED_MESSAGE : REPLY_FAILED_MESSAGE;
}

/**
 * A reply with text is stored; so is a stopped first answer, even empty, so the chat does not wait for
 * it. A regeneration stopped before its first words stores nothing: the earlier version stays on screen.
 */
function keepsText(request: Pick<ReplyBase, 'kind' | 'regeneration'>, reply: Reply): boolean {
  if (reply.text.trim() !== '') return true;
  return request.kind === 'first' && !request.regeneration && reply.outcome === 'stopped';
}

/**
 * Stores what the reply produced (`replyWrites`) as one statement: the text with its status and tokens
 * where it is kept (`keepsText`), an apology where the reply failed. When that fails, the lease is still
 * released.
 */
async function saveReply(
  deps: AppDeps,
  request: LeanRequest,
  reply: Reply,
): Promise<{ totalTokens: number; status: MessageStatus }> {
  const totalTokens = reply.tokens.prompt + reply.tokens.completion;
  const keepText = keepsText(request, reply);
  const status: MessageStatus = reply.outcome === 'complete' ? 'complete' : 'partial';
  try {
    await request.liveRow?.written;
    await writeTogether(deps.db, replyWrites(deps, request, reply, keepText, status));
  } catch (error) {
    deps.logger.error({ err: error, chatId: request.chat.id }, 'could not store a reply');
    await request.slot.release(deps.db).catch(() => {});
  }
  return { totalTokens, status: reply.outcome === 'failed' && !keepText ? 'error' : status };
}

/**
 * The writes of a reply: its messages in one insert (so the apology is stored after the text), the
 * chat's total, the month's usage, the lease's release and the end of its live row.
 */
function replyWrites(
  deps: AppDeps,
  request: LeanRequest,
  reply: Reply,
  keepText: boolean,
  status: MessageStatus,
): SQL[] {
  const { user, chat, placement } = request;
  const totalTokens = reply.tokens.prompt + reply.tokens.completion;
  const spent = { promptTokens: reply.tokens.prompt, completionTokens: reply.tokens.completion, totalTokens };
  const message = { chatId: chat.id, userId: user.id, role: 'assistant' as const, model: reply.model };
  const { rows, lastId } = chainedMessages(
    placement.parentId,
    [
      ...(keepText ? [{ ...message, content: reply.text, status, ...spent }] : []),
      // Tokens spent on a failure with no text still count: they are on the apology.
      ...(reply.outcome === 'failed'
        ? [{ ...message, content: apologyFor(request), status: 'error' as const, ...(keepText ? {} : spent) }]
        : []),
    ],
    reply.id,
  );
  const writes: SQL[] = [];
  if (rows.length) writes.push(insertMessagesStatement(deps.db, rows));
  if (totalTokens > 0) {
    writes.push(
      usageIncrement(deps.db, { userId: user.id, month: monthKey(new Date()), tokens: totalTokens }).getSQL(),
    );
  }
  if (totalTokens > 0 || rows.length || request.regeneration) {
    writes.push(
      updateChatStatement(deps.db, chat.id, {
        tokens: totalTokens,
        branch: lastId && rows.length ? { to: lastId, ifEndingAt: placement.leafBefore } : undefined,
        endsRegeneration: request.regeneration,
      }),
    );
  }
  const release = request.slot.releaseStatement();
  if (release) writes.push(release);
  if (request.liveRow) writes.push(endLiveRowStatement(deps.db, request.liveRow));
  return writes;
}
