import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import type { LiveReplies } from '../../http/live-replies';

/**
 * A live reply across processes on PostgreSQL (decision 065): a Stop or a reconnect that lands on a
 * process not writing the chat's reply asks the others on `live_reply_requests` to stop it, or to say
 * when it ends. The one writing it says so at once on `live_reply_answers` ("holding"), then "ended"
 * once the reply (stopped or whole) is saved.
 */
const REQUESTS = 'live_reply_requests';
const ANSWERS = 'live_reply_answers';
/** How long the asking process waits for a holder to speak up before it concludes none is live. */
const HOLDER_ANSWER_MS = 2_000;
/**
 * A holder that said it holds the reply and then went away (killed) must not hang the request: a Stop
 * saves within a moment, a whole reply within its 10-minute timeout (generation.ts).
 */
const ENDED_ANSWER_MS = { stop: 60_000, await: 11 * 60_000 } as const;

export type RemoteAction = keyof typeof ENDED_ANSWER_MS;

const request = z.object({ id: z.string(), chatId: z.string(), action: z.enum(['stop', 'await']) });
const answer = z.object({ id: z.string(), state: z.enum(['holding', 'ended']) });

function parsed<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(payload));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** This process answers other processes' requests for the replies it writes. Returns an unsubscribe. */
export function answerRemoteRequests(
  database: DatabaseHandle,
  liveReplies: LiveReplies,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const say = (id: string, state: z.infer<typeof answer>['state']) =>
    database.notify(ANSWERS, JSON.stringify({ id, state }));
  return database.listen(REQUESTS, (payload) => {
    const asked = parsed(request, payload);
    if (!asked || !liveReplies.find(asked.chatId)) return;
    const ended = asked.action === 'stop' ? liveReplies.stop(asked.chatId) : liveReplies.ended(asked.chatId);
    say(asked.id, 'holding')
      .then(() => ended)
      .then((wasLive) => (wasLive ? say(asked.id, 'ended') : undefined))
      .catch(onError);
  });
}

/**
 * Asks the other processes to stop the chat's reply (`stop`) or to say when it ends (`await`); resolves
 * true once the one writing it has saved it, false when none answers that it holds it.
 */
export async function askElsewhere(
  database: DatabaseHandle,
  chatId: string,
  action: RemoteAction,
): Promise<boolean> {
  const id = randomUUID();
  let holding!: () => void;
  let ending!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const ended = new Promise<void>((resolve) => {
    ending = resolve;
  });
  // The two answers may arrive in either order (a pool gives no order across its connections).
  const unlisten = await database.listen(ANSWERS, (payload) => {
    const heard = parsed(answer, payload);
    if (heard?.id !== id) return;
    holding();
    if (heard.state === 'ended') ending();
  });
  try {
    await database.notify(REQUESTS, JSON.stringify({ id, chatId, action }));
    if (!(await within(held, HOLDER_ANSWER_MS))) return false;
    return await within(ended, ENDED_ANSWER_MS[action]);
  } finally {
    await unlisten();
  }
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
