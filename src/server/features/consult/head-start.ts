import { setImmediate } from 'node:timers/promises';
import type { Context, MiddlewareHandler } from 'hono';
import { sendMessageInput } from '../../../shared/schemas/consult';
import type { AppDeps, AppEnv } from '../../context';
import { askModel, type ModelAnswer, type ModelPrompt } from './ask-model';
import type { HistoryMessage } from './consult.queries';
import { HISTORY_MESSAGES } from './prompt';

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
/** A prompt remembered this long ago is not worth a request that may be stopped. */
const MEMO_MAX_AGE_MS = 10 * 60_000;

interface StoredMemo extends PromptMemo {
  chars: number;
  rememberedAt: number;
}

/**
 * The last prompt of each chat recently answered in this process, by session token and chat: a hint
 * that lets the next follow-up start early, never a source of truth (every reply checks and builds its
 * prompt from fresh reads). Oldest first; bounded in count, size and age.
 */
export class PromptMemos {
  readonly #memos = new Map<string, StoredMemo>();
  #chars = 0;

  /**
   * The prompt for a key, taken out: sends that race on one chat start early once, and a refused one
   * leaves nothing behind. The reply that stores its answer remembers the next prompt.
   */
  take(key: string, now = Date.now()): PromptMemo | undefined {
    const memo = this.#memos.get(key);
    if (!memo) return undefined;
    this.#forget(key);
    return now - memo.rememberedAt > MEMO_MAX_AGE_MS ? undefined : memo;
  }

  remember(key: string, memo: PromptMemo, now = Date.now()) {
    this.#forget(key);
    const history = memo.history.slice(-HISTORY_MESSAGES);
    const chars = memo.system.length + history.reduce((sum, m) => sum + m.content.length, 0);
    if (chars > MAX_MEMO_CHARS / 8) return;
    this.#memos.set(key, { ...memo, history, chars, rememberedAt: now });
    this.#chars += chars;
    for (const oldest of this.#memos.keys()) {
      if (this.#memos.size <= MAX_MEMOS && this.#chars <= MAX_MEMO_CHARS) break;
      this.#forget(oldest);
    }
  }

  get size() {
    return this.#memos.size;
  }

  #forget(key: string) {
    const memo = this.#memos.get(key);
    if (!memo) return;
    this.#memos.delete(key);
    this.#chars -= memo.chars;
  }
}

/** What a reply route takes over from `replyHeadStarts`: the early answer, if any, and the memo to update. */
export interface HeadStart {
  early?: EarlyAnswer;
  /** Keeps the prompt for the chat's next follow-up, once the reply is stored. */
  remember(memo: PromptMemo): void;
}

export type HeadStartEnv = AppEnv & { Variables: { headStart?: HeadStart } };

/**
 * The middleware of the two reply routes, sharing one process's memos; each runs before the session is
 * read. `followUp` (`/chats/:chatId/messages`): when this session's last reply in the chat left a
 * prompt, it asks the model at once with that prompt and the new question, then lets the request go on
 * (session, gates, chat, history, limit) while the provider thinks. `firstReply` starts nothing: it
 * only lets the first answer leave the prompt for the first follow-up. An early answer the route does
 * not take over is stopped when the request ends.
 */
export function replyHeadStarts(deps: AppDeps, readSessionToken: (c: Context) => Promise<string | null>) {
  const memos = new PromptMemos();
  const headStart = (startsEarly: boolean): MiddlewareHandler<HeadStartEnv> => {
    return async (c, next) => {
      // The offline model has no provider's wait to hide: nothing is remembered or started for it.
      if (deps.ai.kind !== 'openai' || c.req.method !== 'POST') return next();
      const token = await readSessionToken(c);
      if (!token) return next();
      const key = `${token} ${c.req.param('chatId')}`;
      const memo = startsEarly ? memos.take(key) : undefined;
      const early = memo && (await earlyAnswer(deps, c, memo));
      c.set('headStart', { early, remember: (nextPrompt) => memos.remember(key, nextPrompt) });
      if (early) {
        // PGlite runs statements on this thread: the provider request leaves before the checks hold it.
        await setImmediate();
      }
      try {
        await next();
      } finally {
        c.get('headStart')?.early?.drop();
      }
    };
  };
  return { followUp: headStart(true), firstReply: headStart(false) };
}

const JSON_TYPE = /^application\/([a-z.-]+\+)?json(;|$)/i;

async function earlyAnswer(deps: AppDeps, c: Context, memo: PromptMemo): Promise<EarlyAnswer | undefined> {
  // Only a body the route's validator will read as JSON.
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return undefined;
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
