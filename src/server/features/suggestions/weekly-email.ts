import {
  dayLabel,
  formatDuration,
  keywordsFromProfile,
  unsubscribePageHref,
  weekOf,
} from '../../../shared/suggestions';
import { youTubeWatchUrl } from '../../../shared/youtube';
import { type MailMessage, MailNotDelivered } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';
import type { AppDeps } from '../../context';
import type { JobDefinition } from '../../jobs';
import { type ChannelVideoCard, channelVideoCards } from '../channels/channels.service';
import {
  CHECK_IN_EMAIL_KIND,
  type CheckIn,
  checkInRecipients,
  checkInSections,
  checkInSummary,
  checkInUnsubscribeUrls,
  weeklyCheckIn,
} from '../plan/check-in';
import { getProfile } from '../profile/profile.service';
import {
  claimedThisWeek,
  claimWeeklyEmail,
  dueRecipients,
  findPreferences,
  type PickRow,
  picksOfWeek,
  releaseWeeklyEmail,
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
 * The one weekly mail: the plan's check-in first, then the video picks, as the user has turned each on
 * (at least one is given). Each part has its own one-click unsubscribe.
 */
function weeklyMail(
  baseUrl: string,
  to: string,
  picks: PicksPart | null,
  checkIn: CheckIn | null,
): MailMessage {
  const label = picks ? `week of ${dayLabel(picks.week)}` : '';
  const checkInLinks = checkIn && checkInUnsubscribeUrls(baseUrl, checkIn.unsubscribeToken);
  // RFC 8058 wants one address for the mail client's one-click: the first part's (the footer has both).
  const oneClick =
    checkInLinks?.oneClick ?? `${baseUrl}/api/suggestions/unsubscribe?token=${picks!.unsubscribeToken}`;
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
      'List-Unsubscribe': `<${oneClick}>`,
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
      footerLinks: [
        ...(checkInLinks ? [{ label: 'Unsubscribe from the check-in', url: checkInLinks.page }] : []),
        ...(picks
          ? [
              {
                label: checkIn ? 'Unsubscribe from video picks' : 'Unsubscribe',
                url: `${baseUrl}${unsubscribePageHref(picks.unsubscribeToken)}`,
              },
            ]
          : []),
      ],
    }),
  };
}

/**
 * Sends the week's mail to every opted-in user who has not had it this week: the picks (to users who
 * turned them on, in a week that has picks) and the plan's check-in (to users who turned it on and
 * have something due or done), one mail for both. Each send is claimed (one row per user and week)
 * in the transaction that records the mail in the outbox, so however many runs overlap (a retried
 * job, `npm run mail:weekly` beside the servers), a user gets one, and a process that dies before
 * handing it over leaves it for the mail-retry job's sweep. A mail whose delivery fails is retried by
 * the queue and keeps its claim; one with no retry queued gives its claim back for the next run.
 */
export async function sendWeeklyEmails(deps: EmailDeps, now: Date): Promise<number> {
  const week = weekOf(now);
  const picks = await picksOfWeek(deps.db, week);
  // The site's most consulted videos: asked for once a run, and only when a recipient has no saved
  // trending (a query started and never awaited would crash the process if it failed).
  let siteTop: Promise<ListedVideo[]> | undefined;
  const siteTopOnce = () => {
    siteTop ??= siteTrending(deps, now);
    return siteTop;
  };
  const picksPart = async (
    userId: string,
    preferences: { keywords: string[] | null; unsubscribeToken: string },
  ): Promise<PicksPart | null> => {
    const profile = await getProfile(deps.db, userId);
    const keywords = preferences.keywords ?? keywordsFromProfile(profile);
    const fromChannels = await channelVideoCards(
      deps.db,
      userId,
      { keywords, profile },
      {
        now,
        days: 7,
        sort: 'relevance',
      },
    );
    if (!picks.length && !fromChannels.length) return null;
    const trending = (await savedTrending(deps, keywords, now)) ?? (await siteTopOnce());
    return {
      week,
      picks,
      fromChannels: fromChannels.slice(0, CHANNEL_VIDEOS_IN_EMAIL),
      trending: trending.slice(0, TRENDING_IN_EMAIL),
      unsubscribeToken: preferences.unsubscribeToken,
    };
  };
  let sent = 0;
  const sendTo = async (recipient: { userId: string; email: string }) => {
    let claimed = false;
    try {
      const [preferences, checkIn] = await Promise.all([
        findPreferences(deps.db, recipient.userId),
        weeklyCheckIn(deps.db, recipient.userId, now),
      ]);
      const picksToken = preferences?.weeklyEmail ? preferences.unsubscribeToken : null;
      const picksOfUser = picksToken
        ? await picksPart(recipient.userId, { keywords: preferences!.keywords, unsubscribeToken: picksToken })
        : null;
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
  await eachBatch(deps, (after) => dueRecipients(deps.db, week, after, BATCH, now), sendTo);
  await eachBatch(
    deps,
    async (after) => {
      const batch = await checkInRecipients(deps.db, after, BATCH, now);
      const claimed = new Set(
        await claimedThisWeek(
          deps.db,
          week,
          batch.map((recipient) => recipient.userId),
        ),
      );
      return batch.map((recipient) => ({ ...recipient, claimed: claimed.has(recipient.userId) }));
    },
    (recipient) => (recipient.claimed ? Promise.resolve() : sendTo(recipient)),
  );
  return sent;
}

/** Runs `each` over every recipient, a batch at a time (by user id), until the process shuts down. */
async function eachBatch<R extends { userId: string }>(
  deps: EmailDeps,
  batchAfter: (afterUserId: string) => Promise<R[]>,
  each: (recipient: R) => Promise<void>,
) {
  let after = '';
  while (!deps.shutdownSignal.aborted) {
    const batch = await batchAfter(after);
    if (batch.length === 0) return;
    after = batch.at(-1)!.userId;
    for (const recipient of batch) {
      if (deps.shutdownSignal.aborted) return;
      await each(recipient);
    }
  }
}

/**
 * The job of the weekly mail, on WEEKLY_EMAIL_SCHEDULE (every ten minutes on Mondays, UTC: the day a
 * week's picks start): one run at a time across processes. `at` (an ISO time) sends that week's mail.
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
