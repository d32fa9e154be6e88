import type { UIMessageChunk } from 'ai';

/** Who a live reply belongs to, and where it goes in its chat. */
export interface LiveReplyInfo {
  userId: string;
  /** The message the answer follows (null for a chat's first answer): a reload shows the chat up to it. */
  afterMessageId: string | null;
}

/**
 * The replies this process is writing, each with its parts so far (decision 065). A reply runs to its
 * end whoever reads it: the client that asked, a reload, another tab. Only `stop` ends it early.
 */
export interface LiveReplies {
  /**
   * Reads `stream` to its end, keeping its parts until then, and answers a copy for the client that
   * asked. `stopper` is aborted by `stop`. Its parts go out once `announced` resolves: whoever has seen
   * one finds the reply live on any process (decision 071).
   */
  keep(
    chatId: string,
    info: LiveReplyInfo,
    stopper: AbortController,
    stream: ReadableStream<UIMessageChunk>,
    announced?: Promise<void>,
  ): ReadableStream<UIMessageChunk>;
  /** The chat's live reply, if one is being written. */
  find(chatId: string): LiveReplyInfo | null;
  /** Every part of the chat's live reply so far, then the rest as it comes; null when none is live. */
  follow(chatId: string): ReadableStream<UIMessageChunk> | null;
  /** Stops the chat's live reply and resolves once it is saved; false when none is live. */
  stop(chatId: string): Promise<boolean>;
  /** Resolves once the chat's live reply has ended and is saved; false when none is live. */
  ended(chatId: string): Promise<boolean>;
  /** Replies being written now. */
  readonly size: number;
}

interface LiveReply extends LiveReplyInfo {
  parts: UIMessageChunk[];
  followers: Set<ReadableStreamDefaultController<UIMessageChunk>>;
  stopper: AbortController;
  ended: Promise<void>;
}

export function createLiveReplies(): LiveReplies {
  const replies = new Map<string, LiveReply>();

  async function pump(
    chatId: string,
    reply: LiveReply,
    stream: ReadableStream<UIMessageChunk>,
    announced: Promise<void> | undefined,
  ) {
    const reader = stream.getReader();
    try {
      await announced;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        keepPart(reply.parts, read.value);
        for (const follower of reply.followers) send(reply, follower, read.value);
      }
    } finally {
      if (replies.get(chatId) === reply) replies.delete(chatId);
      for (const follower of reply.followers) follower.close();
      reply.followers.clear();
    }
  }

  /** A follower's stream: the parts so far at once (taken with the subscription, so nothing is missed or repeated), then live. */
  function followerOf(reply: LiveReply): ReadableStream<UIMessageChunk> {
    let self: ReadableStreamDefaultController<UIMessageChunk>;
    return new ReadableStream<UIMessageChunk>({
      start(controller) {
        self = controller;
        for (const part of reply.parts) controller.enqueue(part);
        reply.followers.add(controller);
      },
      cancel() {
        reply.followers.delete(self);
      },
    });
  }

  return {
    keep(chatId, info, stopper, stream, announced) {
      const reply: LiveReply = {
        ...info,
        parts: [],
        followers: new Set(),
        stopper,
        ended: Promise.resolve(),
      };
      replies.set(chatId, reply);
      const forClient = followerOf(reply);
      reply.ended = pump(chatId, reply, stream, announced);
      return forClient;
    },
    find(chatId) {
      const reply = replies.get(chatId);
      return reply ? { userId: reply.userId, afterMessageId: reply.afterMessageId } : null;
    },
    follow(chatId) {
      const reply = replies.get(chatId);
      return reply ? followerOf(reply) : null;
    },
    async stop(chatId) {
      const reply = replies.get(chatId);
      if (!reply) return false;
      reply.stopper.abort();
      await reply.ended;
      return true;
    },
    async ended(chatId) {
      const reply = replies.get(chatId);
      if (!reply) return false;
      await reply.ended;
      return true;
    },
    get size() {
      return replies.size;
    },
  };
}

/** A follower that went away (a closed tab) is dropped; the reply goes on. */
function send(
  reply: LiveReply,
  follower: ReadableStreamDefaultController<UIMessageChunk>,
  part: UIMessageChunk,
) {
  try {
    follower.enqueue(part);
  } catch {
    reply.followers.delete(follower);
  }
}

/** Consecutive words of one text part are kept as one delta: a reply's buffer grows with its text, not its tokens. */
function keepPart(parts: UIMessageChunk[], part: UIMessageChunk) {
  const last = parts.at(-1);
  if (part.type === 'text-delta' && last?.type === 'text-delta' && last.id === part.id) {
    parts[parts.length - 1] = { ...last, delta: last.delta + part.delta };
  } else {
    parts.push(part);
  }
}
