import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import type { LiveReplies } from '../../http/live-replies';

/**
 * Stop across processes on PostgreSQL (decision 065): a Stop that lands on a process not writing the
 * chat's reply asks the others on `live_reply_requests`; the one writing it says so at once on
 * `live_reply_answers` ("holding"), stops it, and says "stopped" once what arrived is saved.
 */
const REQUESTS = 'live_reply_requests';
const ANSWERS = 'live_reply_answers';
/** How long the asking process waits for a holder to speak up before it concludes none is live. */
const HOLDER_ANSWER_MS = 2_000;
/** A holder that said it holds the reply and then went away (killed) must not hang the Stop. */
const STOPPED_ANSWER_MS = 60_000;

const request = z.object({ id: z.string(), chatId: z.string() });
const answer = z.object({ id: z.string(), state: z.enum(['holding', 'stopped']) });

function parsed<T>(schema: z.ZodType<T>, payload: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(payload));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** This process answers other processes' Stops for the replies it writes. Returns an unsubscribe. */
export function answerRemoteStops(
  database: DatabaseHandle,
  liveReplies: LiveReplies,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const say = (id: string, state: z.infer<typeof answer>['state']) =>
    database.notify(ANSWERS, JSON.stringify({ id, state }));
  return database.listen(REQUESTS, (payload) => {
    const asked = parsed(request, payload);
    if (!asked || !liveReplies.find(asked.chatId)) return;
    const stopped = liveReplies.stop(asked.chatId);
    say(asked.id, 'holding')
      .then(() => stopped)
      .then((wasLive) => (wasLive ? say(asked.id, 'stopped') : undefined))
      .catch(onError);
  });
}

/**
 * Asks the other processes to stop the chat's reply; resolves true once the one writing it has saved
 * what arrived, false when none answers that it holds it.
 */
export async function stopElsewhere(database: DatabaseHandle, chatId: string): Promise<boolean> {
  const id = randomUUID();
  let holding!: () => void;
  let stopped!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const saved = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  // The two answers may arrive in either order (a pool gives no order across its connections).
  const unlisten = await database.listen(ANSWERS, (payload) => {
    const heard = parsed(answer, payload);
    if (heard?.id !== id) return;
    holding();
    if (heard.state === 'stopped') stopped();
  });
  try {
    await database.notify(REQUESTS, JSON.stringify({ id, chatId }));
    if (!(await within(held, HOLDER_ANSWER_MS))) return false;
    return await within(saved, STOPPED_ANSWER_MS);
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
