import { setImmediate } from 'node:timers/promises';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Context, MiddlewareHandler } from 'hono';
import { sendMessageInput } from '../../../shared/schemas/consult';
import type { OfflineContext } from '../../adapters/ai';
import { openModelStream } from '../../adapters/ai/model-stream';
import type { AppDeps, AppEnv } from '../../context';
import type { HistoryMessage } from './consult.queries';
import { HISTORY_MESSAGES } from './prompt';

/** Retries of a provider call that failed or was rate-limited (the SDK backs off, honouring retry-after). */
const MAX_RETRIES = 2;

/** What a reply asks the model. */
export interface ModelPrompt {
  model: LanguageModelV3;
  system: string;
  messages: HistoryMessage[];
  /** What the offline model answers from; only when it is the model. */
  offline?: OfflineContext;
}

/** Asks the model: the provider request goes out now, its answer is read as it streams. */
export function askModel(prompt: ModelPrompt, abortSignal: AbortSignal) {
  return openModelStream(prompt.model, {
    system: prompt.system,
    messages: prompt.messages,
    abortSignal,
    maxRetries: MAX_RETRIES,
    providerOptions: prompt.offline && { offline: prompt.offline as never },
  });
}

export type ModelAnswer = ReturnType<typeof askModel>;

/**
 * A follow-up's answer asked for before the request is checked (decision 031), from the prompt the
 * chat's last reply was sent with. The reply takes it only when the prompt it builds from fresh reads
 * is the same, to the character; otherwise, or when the request is refused, the early request is
 * stopped and nothing of it reaches the browser or the database.
 */
export class EarlyAnswer {
  readonly #prompt: ModelPrompt;
  readonly #controller = new AbortController();
  readonly #answer: ModelAnswer;
  #taken = false;

  constructor(prompt: ModelPrompt) {
    this.#prompt = prompt;
    this.#answer = askModel(prompt, this.#controller.signal);
    this.#answer.catch(() => {});
  }

  /** The answer, when `prompt` is the one it asked; it then stops with `abortSignal`. Else null, and stopped. */
  takeFor(prompt: ModelPrompt, abortSignal: AbortSignal): ModelAnswer | null {
    if (this.#taken || !samePrompt(this.#prompt, prompt)) {
      this.drop();
      return null;
    }
    this.#taken = true;
    if (abortSignal.aborted) this.#controller.abort(abortSignal.reason);
    abortSignal.addEventListener('abort', () => this.#controller.abort(abortSignal.reason), { once: true });
    return this.#answer;
  }

  /** Stops the early request unless a reply took it. */
  drop() {
    if (!this.#taken) this.#controller.abort();
  }
}

function samePrompt(a: ModelPrompt, b: ModelPrompt): boolean {
  return (
    a.model.provider === b.model.provider &&
    a.model.modelId === b.model.modelId &&
    a.system === b.system &&
    a.offline === undefined &&
    b.offline === undefined &&
    a.messages.length === b.messages.length &&
    a.messages.every((m, i) => m.role === b.messages[i]!.role && m.content === b.messages[i]!.content)
  );
}

/** The prompt a chat's last reply was sent with, as its next follow-up would start it: all but the question. */
export interface PromptMemo {
  modelId: string;
  system: string;
  /** The history the next prompt carries: the last one's, with the question and the stored answer. */
  history: HistoryMessage[];
}

/** How many prompts a process keeps, and how many characters in all (a transcript can be long). */
const MAX_MEMOS = 500;
const MAX_MEMO_CHARS = 4_000_000;
/** A prompt not used for this long is not worth a request that may be stopped. */
const MEMO_IDLE_MS = 10 * 60_000;

interface StoredMemo extends PromptMemo {
  chars: number;
  usedAt: number;
}

/**
 * The last prompt of each chat recently answered in this process, by session token and chat: a hint
 * that lets the next follow-up start early, never a source of truth (every reply checks and builds its
 * prompt from fresh reads). Least recently used first; bounded in count, size and idle time.
 */
export class PromptMemos {
  readonly #memos = new Map<string, StoredMemo>();
  #chars = 0;

  get(key: string, now = Date.now()): PromptMemo | undefined {
    const memo = this.#memos.get(key);
    if (!memo) return undefined;
    this.forget(key);
    if (now - memo.usedAt > MEMO_IDLE_MS) return undefined;
    this.#store(key, { ...memo, usedAt: now });
    return memo;
  }

  remember(key: string, memo: PromptMemo, now = Date.now()) {
    this.forget(key);
    const history = memo.history.slice(-HISTORY_MESSAGES);
    const chars = memo.system.length + history.reduce((sum, m) => sum + m.content.length, 0);
    if (chars > MAX_MEMO_CHARS / 8) return;
    this.#store(key, { ...memo, history, chars, usedAt: now });
    for (const [oldest, { chars: size }] of this.#memos) {
      if (this.#memos.size <= MAX_MEMOS && this.#chars <= MAX_MEMO_CHARS) break;
      this.#memos.delete(oldest);
      this.#chars -= size;
    }
  }

  forget(key: string) {
    const memo = this.#memos.get(key);
    if (!memo) return;
    this.#memos.delete(key);
    this.#chars -= memo.chars;
  }

  get size() {
    return this.#memos.size;
  }

  #store(key: string, memo: StoredMemo) {
    this.#memos.set(key, memo);
    this.#chars += memo.chars;
  }
}

/** What a reply route takes over from `replyHeadStart`: the early answer, if any, and the memo to update. */
export interface HeadStart {
  early?: EarlyAnswer;
  /** Keeps the prompt for the chat's next follow-up, once the reply is stored. */
  remember(memo: PromptMemo): void;
  forget(): void;
}

export type HeadStartEnv = AppEnv & { Variables: { headStart?: HeadStart } };

const memosByDeps = new WeakMap<AppDeps, PromptMemos>();

export function promptMemosOf(deps: AppDeps): PromptMemos {
  let memos = memosByDeps.get(deps);
  if (!memos) {
    memos = new PromptMemos();
    memosByDeps.set(deps, memos);
  }
  return memos;
}

/**
 * Runs before the session is read, on the reply routes (`/chats/:chatId/messages` and `/first-reply`).
 * For a follow-up whose chat this session was last answered in, it asks the model at once with the
 * remembered prompt and the new question, and lets the request go on (session, gates, chat, history,
 * limit) while the provider thinks. Whatever the route does not take over is stopped and forgotten: a
 * refused request leaves no memo behind.
 */
export function replyHeadStart(
  deps: AppDeps,
  readSessionToken: (c: Context) => Promise<string | null>,
): MiddlewareHandler<HeadStartEnv> {
  const memos = promptMemosOf(deps);
  return async (c, next) => {
    const token = c.req.method === 'POST' ? await readSessionToken(c) : null;
    if (!token) return next();
    const key = `${token} ${c.req.param('chatId')}`;
    const headStart: HeadStart = {
      remember: (memo) => memos.remember(key, memo),
      forget: () => memos.forget(key),
    };
    const memo = deps.ai.kind === 'openai' && c.req.path.endsWith('/messages') ? memos.get(key) : undefined;
    if (memo) headStart.early = await earlyAnswer(deps, c, memo);
    c.set('headStart', headStart);
    if (headStart.early) {
      // PGlite runs statements on this thread: the provider request leaves before the checks hold it.
      await setImmediate();
    }
    try {
      await next();
    } finally {
      if (c.get('headStart')) {
        headStart.early?.drop();
        headStart.forget();
      }
    }
  };
}

async function earlyAnswer(deps: AppDeps, c: Context, memo: PromptMemo): Promise<EarlyAnswer | undefined> {
  const body = sendMessageInput.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return undefined;
  return new EarlyAnswer({
    model: deps.ai.languageModel(memo.modelId),
    system: memo.system,
    messages: [...memo.history, { role: 'user', content: body.data.content.trim() }],
  });
}

/** Hands the head start to the route's reply: from now on the reply stops or takes it. */
export function takeHeadStart(c: Context<HeadStartEnv>): HeadStart | undefined {
  const headStart = c.get('headStart');
  c.set('headStart', undefined);
  return headStart;
}
