import {
  type CitationResolver,
  citationParts,
  citationResolver,
  citedMoment,
} from '../../../shared/citations';
import type { PlanMomentInput } from '../../../shared/schemas/plan';
import { parseYouTubeVideoId } from '../../../shared/youtube';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { findOwnAnswer } from '../chat/chat.service';

/** A finished answer of the user's, ready to draw plan items from. */
export interface PlanAnswer {
  chatId: string;
  messageId: string;
  content: string;
  resolve: CitationResolver;
  /** The title of each video its citations may name, by YouTube id. */
  videoTitles: Map<string, string>;
}

/**
 * Whether the answer cites that moment: a citation of it resolves to that video at that second, or (no
 * video id) to that transcript pasted without a link at that second.
 */
export function citesMoment(answer: PlanAnswer, moment: PlanMomentInput): boolean {
  return citationParts(answer.content).some(({ citation }) => {
    const cited = citation && citation.seconds === moment.seconds && citedMoment(citation, answer.resolve);
    if (!cited) return false;
    return moment.videoId
      ? cited.videoId === moment.videoId
      : cited.videoId === null && cited.source === (moment.source ?? null);
  });
}

/** The title a step keeps for its moment: the video's, or the pasted transcript's. */
export function momentTitle(answer: PlanAnswer, moment: PlanMomentInput): string | null {
  if (moment.videoId) return answer.videoTitles.get(moment.videoId) ?? null;
  return answer.resolve(moment.source ?? null)?.title || null;
}

/**
 * The user's own finished answer: 404 when it is not theirs (or unknown, or its chat is deleted), 409
 * while it is still being written or ended in an error.
 */
export async function ownAnswer(
  db: Executor,
  userId: string,
  messageId: string,
  chatId?: string,
): Promise<PlanAnswer> {
  const answer = await findOwnAnswer(db, userId, messageId, chatId);
  if (!answer) throw notFound('Answer not found');
  if (answer.message.status !== 'complete') {
    throw new AppError(
      409,
      'answer_not_finished',
      'Make a plan from an answer once it is finished',
      'messageId',
    );
  }
  const own = { url: answer.chat.youtubeUrl, title: answer.chat.title ?? '' };
  const videoTitles = new Map<string, string>();
  for (const video of [own, ...answer.sources.map((s) => ({ url: s.youtubeUrl, title: s.title }))]) {
    const videoId = video.url ? parseYouTubeVideoId(video.url) : null;
    if (videoId && !videoTitles.has(videoId)) videoTitles.set(videoId, video.title);
  }
  return {
    chatId: answer.chat.id,
    messageId: answer.message.id,
    content: answer.message.content,
    resolve: citationResolver(own, answer.sources),
    videoTitles,
  };
}
