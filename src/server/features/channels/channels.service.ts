import { setImmediate } from 'node:timers/promises';
import {
  CHANNEL_MESSAGES,
  type ChannelRef,
  MAX_FOLLOWED_CHANNELS,
  NEW_VIDEO_DAYS,
  parseChannelLink,
} from '../../../shared/channels';
import { ERROR_CODES } from '../../../shared/errors';
import type { NewVideosSort } from '../../../shared/schemas/channels';
import { isoDay, type ProfileKeywordSource } from '../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../shared/youtube';
import {
  DURATIONS_PER_CALL,
  FEED_PROBLEMS,
  type FeedValidators,
  type PageRef,
} from '../../adapters/channels';
import type { CatalogResult } from '../../adapters/video-catalog';
import type { AppDeps, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import type { JobDefinition } from '../../jobs';
import { loadGateState } from '../account/gate.service';
import { consultedVideoIds } from '../chats/chats.queries';
import { keywordsOf } from '../suggestions/suggestions.service';
import {
  addFollow,
  type ChannelRow,
  channelByHandle,
  channelById,
  channelOfVideo,
  claimDueChannels,
  englishLexemes,
  followedChannels,
  recentVideosOf,
  removeFollow,
  saveChannel,
  saveDurations,
  saveFeedRead,
  saveFeedState,
  saveVideoLink,
} from './channels.queries';

/** A channel's feed is read at most this often (once for all its followers). */
export const POLL_EVERY_HOURS = 3;
export const POLL_CHANNELS_JOB = 'poll-channels';
/** How often the poll looks for due channels: each is still read at most every POLL_EVERY_HOURS. */
const POLL_SCHEDULE = '*/15 * * * *';
/**
 * Channels claimed per round of a poll, and feeds read at once. The poll shares its process with users'
 * requests: two feeds at a time (each parsed on the event loop, its videos written), and a turn of the
 * event loop given back after each, keep a request from waiting behind a queue of feeds. A cycle of
 * 20,000 channels still ends well inside the three hours between reads.
 */
const POLL_BATCH = 50;
const POLL_CONCURRENCY = 2;
/** 50 channels × 15 uploads bounds a user's fortnight; this keeps a flood from one channel bounded too. */
export const NEW_VIDEOS_LIMIT = 750;
/** A profile's goals and challenges run to a few hundred words; its first 100 words rank the feed. */
const PROFILE_WORDS_MAX = 100;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type ChannelDeps = Pick<AppDeps, 'db' | 'channels' | 'logger'>;

/** One video of 'New from your channels'. */
export interface ChannelVideoCard {
  videoId: string;
  url: string;
  title: string;
  channelId: string;
  channel: string;
  publishedAt: string;
  /** Its day (UTC), as every video card shows it. */
  publishedOn: string;
  durationSeconds: number | null;
  thumbnailUrl: string | null;
  matchedKeywords: string[];
  /** Its full-text rank against the words of the user's keywords, goals and challenges (0: none of them). */
  relevance: number;
  /** Those words it holds, in the profile's order, as the user wrote them. */
  matchedWords: string[];
  consulted: boolean;
}

const nextPollAfter = (now: Date) => new Date(now.getTime() + POLL_EVERY_HOURS * HOUR_MS);

/** The link's name a channel is remembered by ('@handle', 'c/name', 'user/name'), or null for ids and videos. */
const linkName = (ref: ChannelRef) =>
  ref.kind === 'handle' ? ref.handle : ref.kind === 'custom' ? ref.path : null;

/** The channel a link names when the database knows it already: no call to YouTube. */
async function knownChannel(db: Database, ref: ChannelRef): Promise<ChannelRow | null> {
  if (ref.kind === 'id') return channelById(db, ref.channelId);
  if (ref.kind === 'video') return channelOfVideo(db, ref.videoId);
  return channelByHandle(db, linkName(ref)!);
}

/** YouTube's answer, or the error a user reads: no such channel (404), a refusal or an outage (503). */
function answerOf<T>(deps: ChannelDeps, ref: ChannelRef, result: CatalogResult<T>): T {
  if (result.ok) return result.value;
  const { kind } = result.problem;
  if (kind === 'not_found') throw notFound(CHANNEL_MESSAGES.notFound);
  deps.logger.warn({ ref, problem: kind }, 'YouTube channel not resolved');
  const message = kind === 'refused' ? CHANNEL_MESSAGES.refused : CHANNEL_MESSAGES.unreachable;
  throw new AppError(503, ERROR_CODES.unavailable, message);
}

/**
 * Asks YouTube for the channel a link names and keeps what it says: a video link reads the watch page
 * for its channel (and remembers it), and the channel page only when the channel is new to the site.
 */
async function fetchChannel(deps: ChannelDeps, ref: ChannelRef): Promise<ChannelRow> {
  if (ref.kind !== 'video') return findAndSave(deps, ref);
  const channelId = answerOf(deps, ref, await deps.channels.channelOfVideo(ref.videoId));
  const channel =
    (await channelById(deps.db, channelId)) ?? (await findAndSave(deps, { kind: 'id', channelId }));
  await saveVideoLink(deps.db, ref.videoId, channel.id);
  return channel;
}

async function findAndSave(deps: ChannelDeps, ref: PageRef): Promise<ChannelRow> {
  const details = answerOf(deps, ref, await deps.channels.find(ref));
  await saveChannel(deps.db, details, linkName(ref));
  return (await channelById(deps.db, details.channelId))!;
}

/**
 * Follows the channel a link names. "Already following" and the cap are answered from the database
 * before YouTube is asked anything; a link the site resolved before is not resolved again. A channel new
 * to the site has its feed read at once, so its videos show on the user's next look (later reads are the
 * poll's); a feed that fails only marks the channel.
 */
export async function followChannel(deps: ChannelDeps, user: SessionUser, link: string, now: Date) {
  const ref = parseChannelLink(link)!;
  const known = await knownChannel(deps.db, ref);
  const following = await followedChannels(deps.db, user.id);
  if (known && following.some((row) => row.channelId === known.id))
    throw conflict(CHANNEL_MESSAGES.alreadyFollowing);
  if (following.length >= MAX_FOLLOWED_CHANNELS) throw conflict(CHANNEL_MESSAGES.tooMany);
  const channel = known ?? (await fetchChannel(deps, ref));
  const outcome = await addFollow(deps.db, user.id, channel.id, MAX_FOLLOWED_CHANNELS);
  if (outcome === 'already') throw conflict(CHANNEL_MESSAGES.alreadyFollowing);
  if (outcome === 'full') throw conflict(CHANNEL_MESSAGES.tooMany);
  if (channel.state === 'new') await fillDurations(deps, (await pollChannel(deps, channel, now)).unmeasured);
  const followed = await channelsOf(deps.db, user);
  return followed.channels.find((row) => row.channelId === channel.id)!;
}

export async function unfollowChannel(db: Database, user: SessionUser, channelId: string) {
  if (!(await removeFollow(db, user.id, channelId))) throw notFound(CHANNEL_MESSAGES.notFollowing);
  return { unfollowed: true as const };
}

/** The user's channels with their state, and how many they may follow. */
export async function channelsOf(db: Database, user: SessionUser) {
  const rows = await followedChannels(db, user.id);
  return {
    channels: rows.map((row) => ({ ...row, polledAt: row.polledAt?.toISOString() ?? null })),
    max: MAX_FOLLOWED_CHANNELS,
  };
}

/** Words of a profile's texts the feed is ranked by: lower-cased, three letters or more, each once. */
export function profileWords(texts: string[]): string[] {
  const words = texts.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set(words.filter((word) => word.length >= 3))].slice(0, PROFILE_WORDS_MAX);
}

/** What the feed is ranked against: the user's keywords, and the profile's goals and challenges. */
export interface FeedRanking {
  keywords: string[];
  profile: Pick<ProfileKeywordSource, 'currentChallenges' | 'businessGoals'> | null;
}

/** The lexemes of the words of the user's keywords, goals and challenges, each with the first word that gave it. */
async function profileLexemes(db: Database, { keywords, profile }: FeedRanking) {
  const goalsAndChallenges = profile
    ? [profile.currentChallenges, profile.businessGoals.shortTerm, profile.businessGoals.longTerm]
    : [];
  const texts = [...keywords, ...goalsAndChallenges];
  const wordOf = new Map<string, string>();
  for (const { word, lexeme } of await englishLexemes(db, profileWords(texts))) {
    if (!wordOf.has(lexeme)) wordOf.set(lexeme, word);
  }
  return wordOf;
}

/**
 * The videos of the user's channels published in the last `days`, each with the keywords its title and
 * description match (the suggestions' rule), its relevance to the profile and the profile's words it
 * holds, and whether the user consulted it: newest first, or most relevant first (then newest).
 */
export async function channelVideoCards(
  db: Database,
  userId: string,
  ranking: FeedRanking,
  { now, days, sort }: { now: Date; days: number; sort: NewVideosSort },
): Promise<ChannelVideoCard[]> {
  const wordOf = await profileLexemes(db, ranking);
  const lexemes = [...wordOf.keys()];
  const rows = await recentVideosOf(db, userId, {
    since: new Date(now.getTime() - days * DAY_MS),
    keywords: ranking.keywords,
    lexemes,
    limit: NEW_VIDEOS_LIMIT,
  });
  const consulted = await consultedVideoIds(
    db,
    userId,
    rows.map((row) => row.videoId),
  );
  const cards = rows.map(
    ({ publishedAt, matchedLexemes, ...row }): ChannelVideoCard => ({
      ...row,
      matchedWords: lexemes
        .filter((lexeme) => matchedLexemes.includes(lexeme))
        .map((lexeme) => wordOf.get(lexeme)!),
      url: youTubeWatchUrl(row.videoId),
      publishedAt: publishedAt.toISOString(),
      publishedOn: isoDay(publishedAt),
      consulted: consulted.has(row.videoId),
    }),
  );
  if (sort === 'relevance') {
    // A stable sort keeps the newest first among videos as relevant.
    cards.sort((a, b) => b.relevance - a.relevance);
  }
  return cards;
}

/** 'New from your channels': the last 14 days, ranked against the user's keywords. Reads the database only. */
export async function newFromChannels(db: Database, user: SessionUser, sort: NewVideosSort, now: Date) {
  const [{ keywords }, { profile }] = await Promise.all([keywordsOf(db, user), loadGateState(db, user)]);
  return {
    sort,
    keywords,
    videos: await channelVideoCards(db, user.id, { keywords, profile }, { now, days: NEW_VIDEO_DAYS, sort }),
  };
}

/**
 * Reads one channel's feed and keeps what it says; a failure is logged and shown as the channel's state.
 * `unmeasured`: the videos it added or changed whose length is not known yet.
 */
async function pollChannel(
  deps: ChannelDeps,
  channel: { id: string } & FeedValidators,
  now: Date,
): Promise<{ kind: 'fresh' | 'not_modified' | 'failed'; unmeasured: string[] }> {
  const result = await deps.channels.feed(channel.id, channel);
  const times = { polledAt: now, nextPollAt: nextPollAfter(now) };
  if (result.kind === 'fresh') {
    const unmeasured = await saveFeedRead(deps.db, channel.id, result.videos, result.validators, times);
    return { kind: result.kind, unmeasured };
  }
  if (result.kind === 'not_modified') {
    await saveFeedState(deps.db, channel.id, null, times);
  } else {
    deps.logger.warn({ channelId: channel.id, problem: result.problem }, 'channel feed not read');
    await saveFeedState(deps.db, channel.id, FEED_PROBLEMS[result.problem], times);
  }
  return { kind: result.kind, unmeasured: [] };
}

/**
 * With the Data API configured, the lengths of new videos (the feed tells none): one videos.list for
 * every DURATIONS_PER_CALL of them. A failure keeps the videos without a length, and is logged.
 */
async function fillDurations(deps: ChannelDeps, videoIds: string[]) {
  const { durations } = deps.channels;
  if (!durations) return;
  for (let start = 0; start < videoIds.length; start += DURATIONS_PER_CALL) {
    const ids = videoIds.slice(start, start + DURATIONS_PER_CALL);
    const result = await durations(ids);
    if (!result.ok) {
      deps.logger.warn(
        { problem: result.problem.kind, videos: ids.length },
        'channel video lengths not read',
      );
      return;
    }
    await saveDurations(deps.db, result.value);
  }
}

/**
 * One poll: reads the feed of every followed channel that is due (not read in the last three hours),
 * a batch at a time, several at once, then the lengths of the batch's new videos. Each batch is claimed first, so processes polling together read
 * each channel once. What runs it on a schedule is the job queue's; tests call it directly.
 */
export async function pollDueChannels(
  deps: ChannelDeps & Pick<AppDeps, 'shutdownSignal'>,
  now: Date,
  { batch = POLL_BATCH, concurrency = POLL_CONCURRENCY } = {},
) {
  const counts = { fresh: 0, not_modified: 0, failed: 0 };
  const nextPollAt = nextPollAfter(now);
  while (!deps.shutdownSignal.aborted) {
    const claimed = await claimDueChannels(deps.db, now, nextPollAt, batch);
    if (claimed.length === 0) break;
    let next = 0;
    const unmeasured: string[] = [];
    const worker = async () => {
      while (next < claimed.length) {
        const channel = claimed[next++]!;
        try {
          const polled = await pollChannel(deps, channel, now);
          counts[polled.kind] += 1;
          unmeasured.push(...polled.unmeasured);
        } catch (error) {
          counts.failed += 1;
          deps.logger.error({ err: error, channelId: channel.id }, 'channel poll failed');
        }
        await setImmediate();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    // The batch's new videos together: a call asks for the lengths of several channels' uploads.
    await fillDurations(deps, unmeasured);
  }
  return counts;
}

/**
 * The job of the poll, every 15 minutes: one run at a time across processes. A shutdown stops it between
 * batches and it is retried; what it had claimed is read at its next due time.
 */
export function pollChannelsJob(deps: ChannelDeps & Pick<AppDeps, 'shutdownSignal'>): JobDefinition {
  return {
    name: POLL_CHANNELS_JOB,
    schedule: POLL_SCHEDULE,
    singleton: true,
    timeoutSeconds: 60 * 60,
    async run() {
      const counts = await pollDueChannels(deps, new Date());
      if (counts.fresh + counts.not_modified + counts.failed > 0)
        deps.logger.info(counts, 'channel feeds read');
      if (deps.shutdownSignal.aborted)
        throw new Error('stopped by the shutdown before every due channel was read');
    },
  };
}
