import type { UIMessage } from 'ai';

export type MessageStatus = 'complete' | 'partial' | 'error';

/** What the server attaches to a streamed or stored assistant message. */
export interface ReplyMetadata {
  totalTokens?: number;
  status?: MessageStatus;
}

/** Transient progress while a long transcript is read part by part ("Reading part 2 of 5…"). */
export type ConsultDataParts = {
  progress: { part: number; of: number };
};

export type ConsultUIMessage = UIMessage<ReplyMetadata, ConsultDataParts>;
