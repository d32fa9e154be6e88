import type { UIMessage } from 'ai';

export type MessageStatus = 'complete' | 'partial' | 'error';

/** What the server attaches to a streamed or stored assistant message. */
export interface ReplyMetadata {
  totalTokens?: number;
  status?: MessageStatus;
}

/** A video an answer may cite, as the browser resolves its citations. */
export interface CitableSource {
  number: number;
  title: string;
  youtubeUrl: string | null;
}

export type ConsultDataParts = {
  /** Transient progress while a long transcript is read part by part ("Reading part 2 of 5…"). */
  progress: { part: number; of: number };
  /** 'Ask your library', before its answer: the videos it draws on, as its citations number them. */
  sources: CitableSource[];
  /** 'Ask your library', once stored: the consultation it opened, where follow-ups continue. */
  consultation: { chatId: string };
};

export type ConsultUIMessage = UIMessage<ReplyMetadata, ConsultDataParts>;
