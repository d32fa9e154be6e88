import { parseYouTubeVideoId } from '../../../shared/youtube';
import type { AppDeps, SessionUser } from '../../context';
import { recordStaffRead } from '../audit/audit.service';
import { accessChat } from '../chat/chat.service';
import { chatSourcesView } from '../chat/sources.service';
import { chatSourcePassages } from './player.queries';

/**
 * What the player and the transcript panel beside a consultation show: each of its videos (removed
 * ones too: earlier answers still cite them) with the YouTube video it plays, if any, and its passages
 * with their start times.
 */
export async function chatTranscript(deps: AppDeps, user: SessionUser, chatId: string, adminRead: boolean) {
  const { chat, readOnly } = await accessChat(deps, user, chatId, { allowAdminRead: adminRead });
  if (readOnly) await recordStaffRead(deps.db, user, chat);
  const [sources, passages] = await Promise.all([
    chatSourcesView(deps.db, chat.id),
    chatSourcePassages(deps.db, chat.id),
  ]);
  return {
    videos: sources.map((source) => ({
      number: source.number,
      title: source.title,
      youtubeUrl: source.youtubeUrl,
      videoId: source.youtubeUrl ? parseYouTubeVideoId(source.youtubeUrl) : null,
      removed: source.removedAt !== null,
      passages: passages
        .filter((passage) => passage.number === source.number)
        .map(({ start, text }) => ({ start, text })),
    })),
  };
}
