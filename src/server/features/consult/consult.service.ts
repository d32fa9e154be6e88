import { transcriptLanguage } from '../../../shared/language-detection';
import { knownLanguage } from '../../../shared/languages';
import { CAPTION_TRACK_ID_MESSAGE, type CreateChatInput } from '../../../shared/schemas/consult';
import {
  MAX_TRANSCRIPT_CHARS,
  NO_TRANSCRIPT_MESSAGE,
  parseCaptionFile,
  parsePastedTranscript,
  segmentsToPlainText,
  TRANSCRIPT_FETCH_FAILED_MESSAGE,
  titleFromTranscript,
} from '../../../shared/transcript';
import { parseYouTubeVideoId, youTubeWatchUrl } from '../../../shared/youtube';
import type { CaptionTrackList } from '../../adapters/transcripts';
import type { AppDeps, SessionUser } from '../../context';
import { chats } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import type { ChatRow } from '../chat/chat.queries';
import { insertSource, type SourceVideo } from '../chat/sources.service';
import { assertWithinLimit } from '../usage/usage.service';

export const TRANSCRIPT_BLOCKED_MESSAGE =
  "YouTube would not give us this video's captions (it blocks many servers). Paste the transcript or upload a caption file instead: we keep the link so your chat still has its video.";

/** Creates a consultation from a YouTube link, a pasted transcript or a caption file: its video is source 1. */
export async function createChat(deps: AppDeps, user: SessionUser, input: CreateChatInput): Promise<ChatRow> {
  // Before the transcript is fetched: over the limit, the chat could never be answered.
  await assertWithinLimit(deps.db, user);
  const video = await readVideo(deps, input);
  return deps.db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        userId: user.id,
        youtubeUrl: video.youtubeUrl,
        videoId: video.videoId,
        transcript: video.transcript,
        transcriptSegments: video.segments,
        title: video.title || titleFromTranscript(video.transcript),
      })
      .returning();
    await insertSource(tx, { chatId: chat!.id, userId: user.id }, 1, video);
    return chat!;
  });
}

/**
 * The video an intake names (a YouTube link, a pasted transcript or a caption file), read and checked:
 * what a consultation starts from, or a video added to one.
 */
export async function readVideo(deps: AppDeps, input: CreateChatInput): Promise<SourceVideo> {
  const video = await transcriptFor(deps, input);
  if (!video.transcript) throw transcriptUnavailable();
  if (video.transcript.length > MAX_TRANSCRIPT_CHARS) {
    throw badRequest(
      `Keep the transcript under ${MAX_TRANSCRIPT_CHARS.toLocaleString('en-US')} characters`,
      'transcript',
    );
  }
  return video;
}

async function transcriptFor(deps: AppDeps, input: CreateChatInput): Promise<SourceVideo> {
  const link = linkOf(input.youtubeUrl);
  if (input.source === 'manual') {
    const segments = parsePastedTranscript(input.transcript);
    const transcript = segments ? segmentsToPlainText(segments) : input.transcript.trim();
    return {
      transcript,
      segments,
      ...link,
      title: null,
      language: transcriptLanguage(input.language, transcript),
    };
  }
  if (input.source === 'captions') {
    const parsed = parseCaptionFile(input.content);
    if (!parsed.ok) throw badRequest(parsed.message, 'content');
    const transcript = segmentsToPlainText(parsed.segments);
    return {
      transcript,
      segments: parsed.segments,
      ...link,
      title: null,
      language: transcriptLanguage(input.language, transcript),
    };
  }
  const outcome = await deps.transcripts.fetchTranscript(link.videoId!, input.trackId);
  if (!outcome.ok && outcome.kind === 'unavailable') {
    deps.logger.info({ videoId: link.videoId, attempts: outcome.attempts }, NO_TRANSCRIPT_MESSAGE);
    throw transcriptUnavailable();
  }
  if (!outcome.ok && outcome.kind === 'unknown_track') {
    throw new AppError(
      422,
      'unknown_caption_track',
      `This video has no such caption track. ${CAPTION_TRACK_ID_MESSAGE}`,
      'trackId',
    );
  }
  if (!outcome.ok) throw new AppError(502, 'transcript_blocked', TRANSCRIPT_BLOCKED_MESSAGE);
  const { segments, title, language } = outcome.transcript;
  return {
    transcript: segmentsToPlainText(segments),
    segments,
    ...link,
    title,
    language: knownLanguage(language),
  };
}

/** The caption tracks of a YouTube video, for the intake to offer; none when YouTube would not list them. */
export function captionTracksOf(deps: AppDeps, youtubeUrl: string): Promise<CaptionTrackList> {
  return deps.transcripts.captionTracks(linkOf(youtubeUrl).videoId!);
}

/** The video id and canonical link of an intake's optional YouTube link. */
export function linkOf(youtubeUrl: string | undefined) {
  const videoId = youtubeUrl ? parseYouTubeVideoId(youtubeUrl) : null;
  return { videoId, youtubeUrl: videoId ? youTubeWatchUrl(videoId) : null };
}

/** The spec: an empty transcript raises 'No transcript available for this video'; the user sees this. */
const transcriptUnavailable = () =>
  new AppError(422, 'transcript_unavailable', TRANSCRIPT_FETCH_FAILED_MESSAGE);
