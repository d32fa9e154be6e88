import {
  dayLabel,
  formatDuration,
  keywordsFromProfile,
  unsubscribePageHref,
  weeklyMailMoment,
  weeklyMailUnsubscribePageHref,
} from '../../../shared/suggestions';
import { DEFAULT_TIME_ZONE } from '../../../shared/time-zones';
import { youTubeWatchUrl } from '../../../shared/youtube';
import { type MailMessage, MailNotDelivered } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';
import type { AppDeps } from '../../context';
import type { JobDefinition } from '../../jobs';
import { type ChannelVideoCard, channelVideoCards } from '../channels/channels.service';
import {
  CHECK_IN_EMAIL_KIND,
  type CheckIn,
  checkInSections,
  checkInSummary,
  checkInUnsubscribeUrls,
  weeklyCheckIn,
} from '../plan/check-in';
import { getProfile } from '../profile/profile.service';
import {
  claimedThisWeek,
  claimWeeklyEmail,
  findPreferences,
  type PickRow,
  picksOfWeek,
  releaseWeeklyEmail,
  weeklyMailCandidates,
} from './suggestions.queries';
import {
  fromPick,
  type ListedVideo,
  type SuggestionDeps,
  savedTrending,
  siteTrending,
} from './suggestions.service';

export const WEEKLY_EMAIL_KIND = 'weekly-suggestions';
export const WEEKLY_EMAIL_JOB = 'weekly-email';
const TRENDING_IN_EMAIL = 3;
/** The best matches of the user's channels' uploads of the past week. */
const CHANNEL_VIDEOS_IN_EMAIL = 5;
const BATCH = 200;

type EmailDeps = SuggestionDeps & Pick<AppDeps, 'mailer' | 'config' | 'shutdownSignal'>;

function videoLines(video: ListedVideo): string[] {
  const facts = [video.channel, video.durationSeconds ? formatDuration(video.durationSeconds) : '']
    .filter(Boolean)
    .join(' · ');
  return [facts, video.note ? `Why we picked it: ${video.note}` : ''].filter(Boolean);
}

interface PicksPart {
  week: string;
  picks: PickRow[];
  fromChannels: ChannelVideoCard[];
  trending: ListedVideo[];
  unsubscribeToken: string;
}

/**
 * The videos' part of the weekly mail, each section only when it has videos: new from the recipient's
 * channels, this week's picks, and their trending videos.
 */
function picksSections(baseUrl: string, part: PicksPart) {
  const consultLink = (videoId: string) =>
    `${baseUrl}/consult?url=${encodeURIComponent(youTubeWatchUrl(videoId))}`;
  const items = (videos: ListedVideo[]) =>
    videos.map((video) => ({
      title: video.title,
      url: consultLink(video.videoId),
      lines: videoLines(video),
    }));
  const channelItems = part.fromChannels.map((video) => ({
    title: video.title,
    url: consultLink(video.videoId),
    lines: [
      video.channel,
      video.matchedKeywords.length ? `Matches: ${video.matchedKeywords.join(', ')}` : '',
    ].filter(Boolean),
  }));
  return [
    ...(channelItems.length ? [{ heading: 'New from your channels', items: channelItems }] : []),
    ...(part.picks.length ? [{ heading: 'This week’s picks', items: items(part.picks.map(fromPick)) }] : []),
    ...(part.trending.length ? [{ heading: 'Trending for your business', items: items(part.trending) }] : []),
  ];
}

/**
 * The mail's unsubscribe: the mail client's one-click (RFC 8058) and the footer's page. A mail of one part
 * stops that part; the combined mail stops all of it, and its page lets the user keep either part.
 */
function unsubscribeLinks(baseUrl: string, picks: PicksPart | null, checkIn: CheckIn | null) {
  if (picks && checkIn) {
    const token = encodeURIComponent(picks.unsubscribeToken);
    return {
      oneClick: `${baseUrl}/api/suggestions/weekly-mail/unsubscribe?token=${token}`,
      page: {
        label: 'Unsubscribe from the weekly e-mail',
        url: `${baseUrl}${weeklyMailUnsubscribePageHref(picks.unsubscribeToken)}`,
      },
    };
  }
  if (checkIn) {
    const links = checkInUnsubscribeUrls(baseUrl, checkIn.unsubscribeToken);
    return { oneClick: links.oneClick, page: { label: 'Unsubscribe from the check-in', url: links.page } };
  }
  return {
    oneClick: `${baseUrl}/api/suggestions/unsubscribe?token=${picks!.unsubscribeToken}`,
    page: { label: 'Unsubscribe', url: `${baseUrl}${unsubscribePageHref(picks!.unsubscribeToken)}` },
  };
}

/**
 * The one weekly mail: the plan's check-in first, then the video picks, as the user has turned each on
 * (at least one is given).
 */
function weeklyMail(
  baseUrl: string,
  to: string,
  picks: PicksPart | null,
  checkIn: CheckIn | null,
): MailMessage {
  const label = picks ? `week of ${dayLabel(picks.week)}` : '';
  const unsubscribe = unsubscribeLinks(baseUrl, picks, checkIn);
  const subject = checkIn
    ? `Your plan this week: ${checkInSummary(checkIn)}${picks ? ', and this week’s video picks' : ''}`
    : picks?.picks.length
      ? `This week’s video picks: ${label}`
      : `New from your channels: ${label}`;
  return {
    to,
    kind: picks ? WEEKLY_EMAIL_KIND : CHECK_IN_EMAIL_KIND,
    subject,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...renderMail({
      heading: checkIn ? 'Your weekly check-in' : `Your video picks, ${label}`,
      paragraphs: [
        ...(checkIn ? ['Where your plan stands. Open My Plan to update a step.'] : []),
        ...(picks ? ['Videos worth a consultation this week. Open one to start a consultation on it.'] : []),
      ],
      sections: [
        ...(checkIn ? checkInSections(baseUrl, checkIn) : []),
        ...(picks ? picksSections(baseUrl, picks) : []),
      ],
      action: checkIn
        ? { label: 'Open My Plan', url: `${baseUrl}/plan` }
        : { label: 'See all suggestions', url: `${baseUrl}/suggestions` },
      footer: [
        checkIn && 'You get this e-mail because you turned on the weekly check-in of your plan.',
        picks && 'You get this e-mail because you turned on weekly video suggestions in Vidvisor.',
      ]
        .filter(Boolean)
        .join(' '),
      footerLinks: [unsubscribe.page],
    }),
  };
}

type Candidate = Awaited<ReturnType<typeof weeklyMailCandidates>>[number];

/**
 * Sends the weekly mail to every opted-in user whose Monday 08:00 (their time zone; UTC when they gave
 * none) has come and who has not had it that week: the picks (to users who turned them on) and the
 * plan's check-in (to users who turned it on and have something due or done), one mail for both. A
 * mail with the picks waits for the week's picks until Monday 20:00 their time; then the channels'
 * part and trending go without them. Each send is claimed (one row per user and week) in the
 * transaction that records the mail in the outbox, so however many runs overlap (a retried job,
 * `npm run mail:weekly` beside the servers), a user gets one, and a process that dies before handing
 * it over leaves it for the mail-retry job's sweep. A mail whose delivery fails is retried by the queue
 * and keeps its claim; one with no retry queued gives its claim back for the next run.
 */
export async function sendWeeklyEmails(deps: EmailDeps, now: Date): Promise<number> {
  const picksByWeek = new Map<string, Promise<PickRow[]>>();
  const picksOnce = (week: string) => {
    if (!picksByWeek.has(week)) picksByWeek.set(week, picksOfWeek(deps.db, week));
    return picksByWeek.get(week)!;
  };
  // The site's most consulted videos: asked for once a run, and only when a recipient has no saved
  // trending (a query started and never awaited would crash the process if it failed).
  let siteTop: Promise<ListedVideo[]> | undefined;
  const siteTopOnce = () => {
    siteTop ??= siteTrending(deps, now);
    return siteTop;
  };
  const picksPart = async (
    userId: string,
    week: string,
    picks: PickRow[],
    preferences: { keywords: string[] | null; unsubscribeToken: string },
  ): Promise<PicksPart | null> => {
    const profile = await getProfile(deps.db, userId);
    const keywords = preferences.keywords ?? keywordsFromProfile(profile);
    const fromChannels = await channelVideoCards(
      deps.db,
      userId,
      { keywords, profile },
      { now, days: 7, sort: 'relevance' },
    );
    const trending = (await savedTrending(deps, keywords, now)) ?? (await siteTopOnce());
    if (!picks.length && !fromChannels.length && !trending.length) return null;
    return {
      week,
      picks,
      fromChannels: fromChannels.slice(0, CHANNEL_VIDEOS_IN_EMAIL),
      trending: trending.slice(0, TRENDING_IN_EMAIL),
      unsubscribeToken: preferences.unsubscribeToken,
    };
  };
  let sent = 0;
  const sendTo = async (recipient: Candidate & { week: string; picksWaitOver: boolean }) => {
    const { week } = recipient;
    let claimed = false;
    try {
      const [preferences, checkIn] = await Promise.all([
        findPreferences(deps.db, recipient.userId),
        weeklyCheckIn(deps.db, recipient.userId, now),
      ]);
      const picksToken = preferences?.weeklyEmail ? preferences.unsubscribeToken : null;
      let picksOfUser: PicksPart | null = null;
      if (picksToken) {
        const picks = await picksOnce(week);
        // Sent now, the mail would use the week's one mail before the admin publishes the picks.
        if (!picks.length && !recipient.picksWaitOver) return;
        picksOfUser = await picksPart(recipient.userId, week, picks, {
          keywords: preferences!.keywords,
          unsubscribeToken: picksToken,
        });
      }
      if (!picksOfUser && !checkIn) return;
      const mail = weeklyMail(deps.config.baseUrl, recipient.email, picksOfUser, checkIn);
      // The claim and the mail are kept together: a process that dies before handing the mail over
      // leaves it in the outbox, where the mail-retry job's sweep finds it once its lease has run out.
      const recorded = await deps.db.transaction(async (tx) =>
        (await claimWeeklyEmail(tx, recipient.userId, week)) ? deps.mailer.record(tx, mail) : null,
      );
      if (!recorded) return;
      claimed = true;
      await deps.mailer.deliver(recorded);
      sent += 1;
    } catch (error) {
      // A mail recorded in the outbox is retried by the queue, so its claim stays: sent once, not twice.
      const retrying = error instanceof MailNotDelivered && error.retrying;
      if (claimed && !retrying) await releaseWeeklyEmail(deps.db, recipient.userId, week);
      deps.logger.warn(
        { err: error, userId: recipient.userId, retrying },
        'weekly suggestions e-mail not sent',
      );
    }
  };
  await eachBatch(deps, (after) => dueCandidates(deps, after, now), sendTo);
  return sent;
}

/** One batch of candidates, each with their week, those whose mail is due and not yet claimed. */
async function dueCandidates(deps: EmailDeps, after: string, now: Date) {
  const batch = await weeklyMailCandidates(deps.db, after, BATCH, now);
  const timed = batch.map((candidate) => ({
    ...candidate,
    ...weeklyMailMoment(now, candidate.timeZone ?? DEFAULT_TIME_ZONE),
  }));
  const claimed = new Set<string>();
  for (const week of new Set(timed.map((candidate) => candidate.week))) {
    const ids = timed.filter((candidate) => candidate.week === week).map((candidate) => candidate.userId);
    for (const userId of await claimedThisWeek(deps.db, week, ids)) claimed.add(`${userId}/${week}`);
  }
  // The batch's last id moves the run on, so a batch of none due still continues.
  return {
    last: batch.at(-1)?.userId,
    due: timed.filter((c) => c.due && !claimed.has(`${c.userId}/${c.week}`)),
  };
}

/** Runs `each` over every recipient, a batch at a time (by user id), until the process shuts down. */
async function eachBatch<R>(
  deps: EmailDeps,
  batchAfter: (afterUserId: string) => Promise<{ last: string | undefined; due: R[] }>,
  each: (recipient: R) => Promise<void>,
) {
  let after = '';
  while (!deps.shutdownSignal.aborted) {
    const batch = await batchAfter(after);
    if (batch.last === undefined) return;
    after = batch.last;
    for (const recipient of batch.due) {
      if (deps.shutdownSignal.aborted) return;
      await each(recipient);
    }
  }
}

/**
 * The job of the weekly mail, on WEEKLY_EMAIL_SCHEDULE (hourly: each user's Monday 08:00 comes at
 * some hour of the day): one run at a time across processes. `at` (an ISO time) sends the mail due then.
 * A shutdown stops it between recipients and it is retried; the claims skip who already had it.
 */
export function weeklyEmailJob(deps: EmailDeps): JobDefinition<{ at?: string }> {
  return {
    name: WEEKLY_EMAIL_JOB,
    schedule: deps.config.WEEKLY_EMAIL_SCHEDULE,
    singleton: true,
    timeoutSeconds: 6 * 60 * 60,
    async run({ at }) {
      const sent = await sendWeeklyEmails(deps, at ? new Date(at) : new Date());
      if (sent > 0) deps.logger.info({ sent }, 'weekly suggestions e-mails sent');
      if (deps.shutdownSignal.aborted) throw new Error('stopped by the shutdown before every mail was sent');
    },
  };
}
