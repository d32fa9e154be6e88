import { randomUUID } from 'node:crypto';
import type { UIMessageChunk } from 'ai';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import type { LiveReplies } from '../../http/live-replies';

/**
 * A live reply across processes on PostgreSQL (decision 071). A Stop or a follow that lands on a
 * process not writing the chat's reply (its row says one is live) asks the others on
 * `live_reply_requests`. The one writing it says so at once on `live_reply_answers` ("holding"); for a
 * Stop it stops the reply and says "ended" once it is saved; for a follow it relays the reply's parts
 * on `live_reply_parts`, numbered, then says "ended" with how many pieces it sent.
 */
const REQUESTS = 'live_reply_requests';
const ANSWERS = 'live_reply_answers';
const PARTS = 'live_reply_parts';
/** How long the asking process waits for a holder to speak up before it concludes none is alive. */
const HOLDER_ANSWER_MS = 2_000;
/**
 * A holder that said it holds the reply and then went away (killed) must not hang the request: a Stop
 * saves within a moment, a whole reply within its 10-minute timeout (generation.ts).
 */
const STOP_ENDED_MS = 60_000;
const FOLLOW_ENDED_MS = 11 * 60_000;
/**
 * Relays one process sends at once: each sends a NOTIFY a part through the pool. Past it, a follow
 * elsewhere gets the saved answer once the reply ends (decision 071).
 */
export const RELAYS_MAX = 32;
/**
 * A relayed piece of the parts' text: at most this many UTF-16 units, each at most 3 bytes in UTF-8
 * (a surrogate pair: 4 bytes for 2), so a payload stays well under NOTIFY's 8,000 bytes.
 */
const PIECE_UNITS = 2_000;

const request = z.object({
  id: z.string(),
  chatId: z.string(),
  action: z.enum(['stop', 'follow', 'unfollow']),
});
const answer = z.object({
  id: z.string(),
  state: z.enum(['holding', 'ended']),
  /** With a relay's "ended": the pieces it sent (none: it relayed nothing, the saved answer is whole). */
  pieces: z.number().int().nonnegative().optional(),
});
/** A UI message part as relayed: the holder's own serialization, checked for its shape only. */
const uiPart = z.looseObject({ type: z.string() });
type Request = z.infer<typeof request>;
type Answer = z.infer<typeof answer>;

function parsed<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(payload));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A relayed piece's payload: `<relay id> <sequence> <text>`. */
const PIECE = /^([0-9a-f-]{36}) (\d+) ([\s\S]*)$/;

/** The text cut in pieces of at most PIECE_UNITS, never inside a surrogate pair. */
export function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE_UNITS, text.length);
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** This process's side of the channels: who waits for which answer and which relay. */
interface Exchange {
  answers: Map<string, (heard: Answer) => void>;
  relays: Map<string, (sequence: number, piece: string) => void>;
}

const exchanges = new WeakMap<DatabaseHandle, Promise<Exchange>>();

/** Listens once a process to the answers and the relayed pieces, handing each to who waits for it. */
function exchangeOf(database: DatabaseHandle): Promise<Exchange> {
  let exchange = exchanges.get(database);
  if (!exchange) {
    exchange = listenToAnswers(database).catch((error) => {
      exchanges.delete(database);
      throw error;
    });
    exchanges.set(database, exchange);
  }
  return exchange;
}

async function listenToAnswers(database: DatabaseHandle): Promise<Exchange> {
  const exchange: Exchange = { answers: new Map(), relays: new Map() };
  await database.listen(ANSWERS, (payload) => {
    const heard = parsed(answer, payload);
    if (heard) exchange.answers.get(heard.id)?.(heard);
  });
  await database.listen(PARTS, (payload) => {
    const [, id, sequence, piece] = PIECE.exec(payload) ?? [];
    if (id) exchange.relays.get(id)?.(Number(sequence), piece!);
  });
  return exchange;
}

const ask = (database: DatabaseHandle, asked: Request) => database.notify(REQUESTS, JSON.stringify(asked));

/** This process answers other processes' requests for the replies it writes. Returns an unsubscribe. */
export function answerRemoteRequests(
  database: DatabaseHandle,
  liveReplies: LiveReplies,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const relays = new Map<string, ReadableStreamDefaultReader<UIMessageChunk>>();
  const say = (said: Answer) => database.notify(ANSWERS, JSON.stringify(said));

  /** Sends the reply's parts so far, then each new one, numbered; answers how many pieces it sent. */
  async function relay(id: string, chatId: string): Promise<Pick<Answer, 'pieces'>> {
    const followed = relays.size < RELAYS_MAX ? liveReplies.follow(chatId) : null;
    if (!followed) {
      await liveReplies.ended(chatId);
      return {};
    }
    const reader = followed.getReader();
    relays.set(id, reader);
    let sequence = 0;
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        // One at a time: each NOTIFY is committed before the next, and the follower reorders anyway.
        for (const piece of piecesOf(`${JSON.stringify(read.value)}\n`)) {
          await database.notify(PARTS, `${id} ${sequence++} ${piece}`);
        }
      }
    } finally {
      relays.delete(id);
      await reader.cancel();
    }
    return { pieces: sequence };
  }

  return database.listen(REQUESTS, (payload) => {
    const asked = parsed(request, payload);
    if (!asked) return;
    // The follower went away: its relay stops (cancelling its follower of the reply).
    if (asked.action === 'unfollow') return void relays.get(asked.id)?.cancel();
    if (!liveReplies.find(asked.chatId)) return;
    const ended =
      asked.action === 'stop'
        ? liveReplies.stop(asked.chatId).then(() => ({}))
        : relay(asked.id, asked.chatId);
    say({ id: asked.id, state: 'holding' })
      .then(() => ended)
      .then((sent) => say({ id: asked.id, state: 'ended', ...sent }))
      .catch(onError);
  });
}

/**
 * Asks the other processes to stop the chat's reply; resolves true once the one writing it has saved
 * it, false when none answers that it holds it.
 */
export async function stopElsewhere(database: DatabaseHandle, chatId: string): Promise<boolean> {
  const { answers } = await exchangeOf(database);
  const id = randomUUID();
  const held = deferred();
  const ended = deferred();
  // The two answers may arrive in either order (a pool gives no order across its connections).
  answers.set(id, (heard) => {
    held.resolve();
    if (heard.state === 'ended') ended.resolve();
  });
  try {
    await ask(database, { id, chatId, action: 'stop' });
    if (!(await within(held.promise, HOLDER_ANSWER_MS))) return false;
    return await within(ended.promise, STOP_ENDED_MS);
  } finally {
    answers.delete(id);
  }
}

/**
 * Follows the chat's reply written by another process: its parts so far, then each new one, in order,
 * to its end. `savedAnswer` is streamed instead when the holder relays nothing (it has RELAYS_MAX
 * already). Null when no process answers that it holds the reply.
 */
export async function followElsewhere(
  database: DatabaseHandle,
  chatId: string,
  savedAnswer: () => Promise<ReadableStream<UIMessageChunk> | null>,
): Promise<ReadableStream<UIMessageChunk> | null> {
  const exchange = await exchangeOf(database);
  const id = randomUUID();
  const held = deferred();
  let follower!: RelayedReply;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      follower = new RelayedReply(controller, savedAnswer, () => {
        exchange.answers.delete(id);
        exchange.relays.delete(id);
        clearTimeout(timeout);
      });
    },
    cancel() {
      follower.finish();
      return ask(database, { id, chatId, action: 'unfollow' });
    },
  });
  // A holder killed mid-relay ends the stream by the reply's timeout at the latest.
  const timeout = setTimeout(() => follower.finish(), FOLLOW_ENDED_MS);
  exchange.relays.set(id, (sequence, piece) => {
    held.resolve();
    follower.piece(sequence, piece);
  });
  exchange.answers.set(id, (heard) => {
    held.resolve();
    if (heard.state === 'ended') follower.ended(heard.pieces);
  });
  await ask(database, { id, chatId, action: 'follow' });
  if (await within(held.promise, HOLDER_ANSWER_MS)) return stream;
  // A holder answering late stops relaying (this request was committed before, so it is heard after).
  follower.finish();
  await ask(database, { id, chatId, action: 'unfollow' });
  return null;
}

/**
 * A reply relayed from another process: pieces put back in order, cut into parts at their line ends;
 * it ends once it holds every piece up to the number the holder sent.
 */
export class RelayedReply {
  private readonly pieces = new Map<number, string>();
  private next = 0;
  private line = '';
  private total: number | undefined;
  private done = false;

  constructor(
    private readonly controller: ReadableStreamDefaultController<UIMessageChunk>,
    private readonly savedAnswer: () => Promise<ReadableStream<UIMessageChunk> | null>,
    private readonly cleanUp: () => void,
  ) {}

  piece(sequence: number, piece: string) {
    this.pieces.set(sequence, piece);
    this.drain();
  }

  /** The holder's end: the pieces it sent, or none when it relayed nothing (the saved answer is sent). */
  ended(pieces: number | undefined) {
    if (pieces !== undefined) {
      this.total = pieces;
      this.drain();
    } else if (this.next === 0) {
      void this.sendSavedAnswer();
    } else {
      this.finish();
    }
  }

  finish() {
    if (this.done) return;
    this.done = true;
    this.cleanUp();
    try {
      this.controller.close();
    } catch {
      // Already cancelled by its reader.
    }
  }

  private drain() {
    for (let piece = this.pieces.get(this.next); piece !== undefined; piece = this.pieces.get(this.next)) {
      this.pieces.delete(this.next++);
      const lines = (this.line + piece).split('\n');
      this.line = lines.pop()!;
      for (const line of lines) this.send(line);
    }
    if (this.next === this.total) this.finish();
  }

  /** A part as the holder serialized it (a line that does not parse is no part: it is skipped). */
  private send(line: string) {
    const part = parsed(uiPart, line);
    if (part && !this.done) this.controller.enqueue(part as UIMessageChunk);
  }

  private async sendSavedAnswer() {
    const saved = await this.savedAnswer().catch(() => null);
    const reader = saved?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      if (!this.done) this.controller.enqueue(read.value);
    }
    this.finish();
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** True when `promise` settles within `ms`, false otherwise. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
