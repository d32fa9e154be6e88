import { createHash, randomBytes } from 'node:crypto';
import { SUGGESTION_MESSAGES, type WEEKLY_MAIL_PARTS } from '../../../shared/schemas/suggestions';
import {
  keywordSetKey,
  keywordsFromProfile,
  type VideoDetails,
  weekOf,
  youTubeThumbnailUrl,
} from '../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../shared/youtube';
import { type CatalogProblem, type VideoSearch, youTubeQuotaDay } from '../../adapters/video-catalog';
import type { AppDeps, SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import { loadGateState } from '../account/gate.service';
import { consultedVideoIds, mostConsultedVideos } from '../chats/chats.queries';
import { checkInSetting, setCheckIn } from '../plan/plan.service';
import {
  findPreferences,
  giveBackYouTubeSearch,
  matchKeywords,
  newestPicksOf,
  type PickRow,
  readSearchCache,
  saveKeywords,
  saveWeeklyEmail,
  searchCatalogue,
  shownPicks,
  takeYouTubeSearch,
  unsubscribeByToken,
  userIdByUnsubscribeToken,
  writeSearchCache,
} from './suggestions.queries';

/** Trending looks this far back, on YouTube and on the site. */
export const TRENDING_DAYS = 7;
/**
 * A video counts as trending on the site once this many different users consulted it, each with a
 * verified address and an account older than TRUSTED_ACCOUNT_DAYS (decision 044: so no one can prove
 * what another person watched with a few accounts of their own).
 */
export const MIN_CONSULTERS = 5;
export const TRUSTED_ACCOUNT_DAYS = 7;
/** A keyword set is searched on YouTube at most once in this time (a search costs 100 of 10,000 daily units). */
export const SEARCH_CACHE_HOURS = 24;
/**
 * The uncached YouTube searches one user may cause per quota day (each 101 units): about a tenth of
 * the default daily budget, so no one user can spend the site's. Decision 033 gives the numbers.
 */
export const USER_DAILY_SEARCHES = 8;
export const USER_SEARCH_LIMIT_MESSAGE = `You have reached today’s limit of ${USER_DAILY_SEARCHES} YouTube searches for new keywords (it resets at midnight Pacific time).`;
/** YouTube ran none of the search: the user's count is given back. */
const NOT_RUN = new Set<SearchProblem['kind']>(['quota_exceeded', 'key_invalid', 'unreachable']);
const TRENDING_LIMIT = 12;
const SEARCH_LIMIT = 24;

const DAY_MS = 86_400_000;
export type SuggestionDeps = Pick<AppDeps, 'db' | 'videos' | 'transcripts' | 'logger'>;

/** One video as every list of the page shows it. */
export interface VideoCard {
  videoId: string;
  url: string;
  title: string;
  channel: string;
  durationSeconds: number | null;
  publishedOn: string | null;
  thumbnailUrl: string | null;
  viewCount: number | null;
  /** Why the team picked it (picks and the catalogue). */
  note: string | null;
  tags: string[];
  matchedKeywords: string[];
  /** The user has a chat on this video. */
  consulted: boolean;
}

/** Why a list is not YouTube's fresh answer: YouTube's reason, or the user's daily limit. */
type SearchProblem = CatalogProblem | { kind: 'user_limit'; message: string };

/** Where a list came from, and what to tell the user when YouTube could not answer. */
export interface VideoList {
  source: 'youtube' | 'site' | 'catalogue';
  videos: VideoCard[];
  /** When YouTube results are shown from an older save because YouTube did not answer. */
  savedAt: string | null;
  notice: string | null;
}

/** A video before it is a card: what is known of it, without the user's matches and chats. */
export type ListedVideo = Omit<VideoCard, 'url' | 'matchedKeywords' | 'consulted'>;

export function fromPick(pick: PickRow): ListedVideo {
  return {
    videoId: pick.videoId,
    title: pick.title,
    channel: pick.channel,
    durationSeconds: pick.durationSeconds,
    publishedOn: pick.publishedOn,
    thumbnailUrl: pick.thumbnailUrl,
    viewCount: null,
    note: pick.note,
    tags: pick.tags,
  };
}

function fromYouTube(video: VideoDetails): ListedVideo {
  return { ...video, note: null, tags: [] };
}

async function toCards(db: Database, user: SessionUser, listed: ListedVideo[], matched: string[][]) {
  const consulted = await consultedVideoIds(
    db,
    user.id,
    listed.map((video) => video.videoId),
  );
  return listed.map(
    (video, i): VideoCard => ({
      ...video,
      url: youTubeWatchUrl(video.videoId),
      matchedKeywords: matched[i] ?? [],
      consulted: consulted.has(video.videoId),
    }),
  );
}

/** The user's keywords: saved ones, or (until they save some) those read from the business profile. */
export async function keywordsOf(db: Database, user: SessionUser) {
  const preferences = await findPreferences(db, user.id);
  if (preferences?.keywords) return { keywords: preferences.keywords, fromProfile: false };
  const { profile } = await loadGateState(db, user);
  return { keywords: keywordsFromProfile(profile), fromProfile: true };
}

/** The page's first answer: this week's picks and the keywords. Reads the database only, never YouTube. */
export async function suggestionsPage(deps: Pick<AppDeps, 'db' | 'videos'>, user: SessionUser, now: Date) {
  const week = weekOf(now);
  const { keywords, fromProfile } = await keywordsOf(deps.db, user);
  const rows = await shownPicks(deps.db, week, keywords);
  const picks = await toCards(
    deps.db,
    user,
    rows.map((row) => fromPick(row.pick)),
    rows.map((row) => row.matched),
  );
  return {
    currentWeek: week,
    /** The week the picks are from: the current one, or the newest earlier one when it has none. */
    picksWeek: rows[0]?.pick.week ?? week,
    picks,
    keywords,
    keywordsFromProfile: fromProfile,
    youtubeSearch: deps.videos.search !== null,
  };
}

export async function updateKeywords(db: Database, user: SessionUser, keywords: string[]) {
  await saveKeywords(db, user.id, keywords);
  return { keywords, keywordsFromProfile: false };
}

export async function weeklyEmailSetting(db: Database, userId: string) {
  return { weeklyEmail: (await findPreferences(db, userId))?.weeklyEmail ?? false };
}

export async function setWeeklyEmail(db: Database, userId: string, weeklyEmail: boolean) {
  await saveWeeklyEmail(db, userId, weeklyEmail, randomBytes(24).toString('base64url'));
  return { weeklyEmail };
}

/** The e-mail's one-click unsubscribe (no sign-in: the token is the secret); 404 for an unknown token. */
export async function unsubscribe(db: Database, token: string) {
  if (!(await unsubscribeByToken(db, token))) throw notFound(SUGGESTION_MESSAGES.invalidUnsubscribeLink);
  return { unsubscribed: true as const };
}

type WeeklyMailPart = (typeof WEEKLY_MAIL_PARTS)[number];

/** The combined weekly mail's parts, as the unsubscribe page shows them. */
export interface WeeklyMailParts {
  picks: boolean;
  checkIn: boolean;
}

async function weeklyMailPartsOf(db: Database, userId: string): Promise<WeeklyMailParts> {
  const [picks, checkIn] = await Promise.all([weeklyEmailSetting(db, userId), checkInSetting(db, userId)]);
  return { picks: picks.weeklyEmail, checkIn: checkIn.enabled };
}

/** The user the weekly picks' unsubscribe secret belongs to; 404 for an unknown one. */
async function userOfUnsubscribeToken(db: Database, token: string): Promise<string> {
  const userId = await userIdByUnsubscribeToken(db, token);
  if (!userId) throw notFound(SUGGESTION_MESSAGES.invalidUnsubscribeLink);
  return userId;
}

/** The combined weekly mail's one-click unsubscribe: the picks and the check-in both stop. */
export async function unsubscribeWeeklyMail(db: Database, token: string): Promise<WeeklyMailParts> {
  const userId = await userOfUnsubscribeToken(db, token);
  await setWeeklyEmail(db, userId, false);
  await setCheckIn(db, userId, false);
  return weeklyMailPartsOf(db, userId);
}

/** After the one-click unsubscribe, the page's "keep": one part of the weekly mail back on. */
export async function keepWeeklyMailPart(
  db: Database,
  token: string,
  part: WeeklyMailPart,
): Promise<WeeklyMailParts> {
  const userId = await userOfUnsubscribeToken(db, token);
  if (part === 'picks') await setWeeklyEmail(db, userId, true);
  else await setCheckIn(db, userId, true);
  return weeklyMailPartsOf(db, userId);
}

const searchCacheKey = (kind: 'trending' | 'search', keywords: string[]) =>
  createHash('sha256')
    .update(`${kind}\n${keywordSetKey(keywords)}`)
    .digest('hex');

/**
 * YouTube's answer for a keyword set, from the database when it is younger than a day. A set not saved
 * is searched only while the user is under their daily count. When YouTube cannot (or may not) answer,
 * an older saved answer is still given (with the problem), or none.
 */
async function searchYouTube(
  deps: SuggestionDeps,
  user: SessionUser,
  kind: 'trending' | 'search',
  query: VideoSearch,
  now: Date,
): Promise<{ videos: VideoDetails[] | null; savedAt: Date | null; problem: SearchProblem | null }> {
  const key = searchCacheKey(kind, query.keywords);
  const saved = await readSearchCache(deps.db, key);
  if (saved && now.getTime() - saved.fetchedAt.getTime() < SEARCH_CACHE_HOURS * 3_600_000)
    return { videos: saved.videos, savedAt: null, problem: null };
  const shown = (problem: SearchProblem) => ({
    videos: saved?.videos ?? null,
    savedAt: saved?.fetchedAt ?? null,
    problem,
  });
  const day = youTubeQuotaDay(now);
  if (!(await takeYouTubeSearch(deps.db, user.id, day, USER_DAILY_SEARCHES)))
    return shown({ kind: 'user_limit', message: USER_SEARCH_LIMIT_MESSAGE });
  const result = await deps.videos.search!(query);
  if (result.ok) {
    await writeSearchCache(deps.db, key, result.value, now);
    return { videos: result.value, savedAt: null, problem: null };
  }
  if (NOT_RUN.has(result.problem.kind)) await giveBackYouTubeSearch(deps.db, user.id, day);
  deps.logger.warn({ kind, problem: result.problem.kind }, 'YouTube search failed');
  return shown(result.problem);
}

/** The statement of the site's trending at `now`: videos consulted this week by MIN_CONSULTERS established users or more. */
export const siteTrendingStatement = (db: Executor, now: Date) =>
  mostConsultedVideos(db, {
    since: new Date(now.getTime() - TRENDING_DAYS * DAY_MS),
    accountsBefore: new Date(now.getTime() - TRUSTED_ACCOUNT_DAYS * DAY_MS),
    minUsers: MIN_CONSULTERS,
    limit: TRENDING_LIMIT,
  });

/** The most consulted videos on the site this week (by MIN_CONSULTERS established users or more), as the site knows them. */
export async function siteTrending(deps: SuggestionDeps, now: Date): Promise<ListedVideo[]> {
  const top = await siteTrendingStatement(deps.db, now);
  const ids = top.map((row) => row.videoId);
  const [picks, titles] = await Promise.all([
    newestPicksOf(deps.db, ids),
    deps.transcripts.cachedTitles(ids),
  ]);
  const pickOf = new Map(picks.map((pick) => [pick.videoId, pick]));
  return ids.map((videoId) => {
    const pick = pickOf.get(videoId);
    if (pick) return fromPick(pick);
    return {
      videoId,
      title: titles.get(videoId) ?? 'YouTube video',
      channel: '',
      durationSeconds: null,
      publishedOn: null,
      thumbnailUrl: youTubeThumbnailUrl(videoId),
      viewCount: null,
      note: null,
      tags: [],
    };
  });
}

const documentOf = (video: ListedVideo & { description?: string }) =>
  [video.title, video.channel, video.description ?? '', video.note ?? '', ...video.tags].join(' ');

/** Cards for `videos`, with the keywords each matches (computed unless given) and what to tell the user. */
async function listOf(
  deps: SuggestionDeps,
  user: SessionUser,
  keywords: string[],
  source: VideoList['source'],
  videos: (ListedVideo & { description?: string })[],
  notice: { problem: SearchProblem | null; savedAt: Date | null },
  matched?: string[][],
): Promise<VideoList> {
  const listed = videos.map(({ description: _description, ...video }) => video);
  return {
    source,
    videos: await toCards(
      deps.db,
      user,
      listed,
      matched ?? (await matchKeywords(deps.db, videos.map(documentOf), keywords)),
    ),
    savedAt: notice.savedAt?.toISOString() ?? null,
    notice: notice.problem ? `${notice.problem.message} ${fallbackNote(source, notice.savedAt)}` : null,
  };
}

function fallbackNote(source: VideoList['source'], savedAt: Date | null): string {
  if (savedAt) return 'Showing the results YouTube gave earlier.';
  if (source === 'site') return 'Showing the videos most consulted on Vidvisor this week instead.';
  return 'Showing matches from our picks instead.';
}

/**
 * YouTube's answer for the user's keywords when there is a key (and keywords); otherwise, or when
 * YouTube cannot answer and nothing was saved, what `fallback` gives, told why.
 */
async function youTubeOr(
  deps: SuggestionDeps,
  user: SessionUser,
  kind: 'trending' | 'search',
  query: Omit<VideoSearch, 'keywords'>,
  now: Date,
  fallback: (keywords: string[], problem: SearchProblem | null) => Promise<VideoList>,
): Promise<VideoList> {
  const { keywords } = await keywordsOf(deps.db, user);
  let problem: SearchProblem | null = null;
  if (deps.videos.search && keywords.length > 0) {
    const found = await searchYouTube(deps, user, kind, { keywords, ...query }, now);
    if (found.videos) return listOf(deps, user, keywords, 'youtube', found.videos.map(fromYouTube), found);
    problem = found.problem;
  }
  return fallback(keywords, problem);
}

/**
 * Trending for the user's business: with a YouTube key, the last week's most viewed videos for their
 * keywords (cached a day per keyword set); otherwise the videos most consulted on the site this week.
 */
export function trendingFor(deps: SuggestionDeps, user: SessionUser, now: Date): Promise<VideoList> {
  const publishedAfter = new Date(now.getTime() - TRENDING_DAYS * DAY_MS);
  return youTubeOr(
    deps,
    user,
    'trending',
    { order: 'viewCount', publishedAfter, maxResults: TRENDING_LIMIT },
    now,
    async (keywords, problem) =>
      listOf(deps, user, keywords, 'site', await siteTrending(deps, now), { problem, savedAt: null }),
  );
}

/** Keyword search: YouTube with a key (cached a day per keyword set), else the team's picks catalogue. */
export function searchFor(deps: SuggestionDeps, user: SessionUser, now: Date): Promise<VideoList> {
  return youTubeOr(
    deps,
    user,
    'search',
    { order: 'relevance', maxResults: SEARCH_LIMIT },
    now,
    async (keywords, problem) => {
      const rows = await searchCatalogue(deps.db, keywords, SEARCH_LIMIT);
      return listOf(
        deps,
        user,
        keywords,
        'catalogue',
        rows.map((row) => fromPick(row.pick)),
        { problem, savedAt: null },
        rows.map((row) => row.matched),
      );
    },
  );
}

/**
 * YouTube's saved trending answer for a keyword set, if one is under a week old: what the weekly e-mail
 * shows (it never searches, so e-mailing every user costs no quota).
 */
export async function savedTrending(
  deps: SuggestionDeps,
  keywords: string[],
  now: Date,
): Promise<ListedVideo[] | null> {
  if (!deps.videos.search || keywords.length === 0) return null;
  const saved = await readSearchCache(deps.db, searchCacheKey('trending', keywords));
  if (!saved || saved.videos.length === 0) return null;
  if (now.getTime() - saved.fetchedAt.getTime() > TRENDING_DAYS * DAY_MS) return null;
  return saved.videos.map(fromYouTube);
}
